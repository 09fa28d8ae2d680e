import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { SQSClient } from '@aws-sdk/client-sqs';
import type { Backend } from '@portal/backend';
import { importWorkerFromConfig } from '@portal/backend/import';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '@portal/backend/platform/files/test';
import { afterAll, beforeAll } from 'vitest';
import { importFilesHandler } from '../../functions/jobs/import-files.ts';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { ensureImportQueues, s3NotificationBridge, sqsClient, startImportPoller, startLocalSqs } from './import-queue.ts';

/**
 * The import path of ADR 069 on the real stand-ins, for tests: s3rver announcing `bucket`'s import prefixes to
 * a queue on fauxqs, a test backend on DynamoDB Local, and the poller handing messages to the Lambda's handler
 * around a worker built with `worker` (slice size, owner cap, deferral). `put` writes an object as S3 would.
 */
type ImportStandInOptions = { worker?: Parameters<typeof importWorkerFromConfig>[1]; budgetMs: number };

export type ImportStandIns = {
  backend: Backend;
  sqs: SQSClient;
  dlqUrl: string;
  put: (key: string, body: string) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startImportStandIns(name: string, options: ImportStandInOptions): Promise<ImportStandIns> {
  const bucket = `${name}-reports`;
  Object.assign(process.env, S3_STAND_IN_CREDENTIALS);
  const localSqs = await startLocalSqs({ port: 0 });
  const sqs = sqsClient(localSqs.endpoint);
  const queues = await ensureImportQueues(sqs, name);
  const s3 = await startS3StandIn([bucket], { onEvent: s3NotificationBridge(sqs, queues.queueUrl, bucket) });
  const backend = await createTestBackend(undefined, {
    REPORTS_BUCKET: bucket,
    S3_ENDPOINT: s3.endpoint,
    SQS_ENDPOINT: localSqs.endpoint,
    IMPORT_QUEUE_URL: queues.queueUrl,
  });
  const worker = importWorkerFromConfig(backend.config, options.worker);
  const poller = startImportPoller(
    sqs,
    queues.queueUrl,
    importFilesHandler(async () => worker),
    { budgetMs: options.budgetMs },
  );
  const client = new S3Client({
    region: 'eu-central-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: S3_STAND_IN_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_STAND_IN_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
  });
  return {
    backend,
    sqs,
    dlqUrl: queues.dlqUrl,
    put: async (key, body) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    stop: async () => {
      await poller.stop();
      await s3.stop();
      await localSqs.stop();
    },
  };
}

/**
 * The stand-ins of one test file: started before its tests (then `prepare`, e.g. the master data the files
 * refer to), stopped after them. The answer's fields read the started stand-ins, so a test uses them directly.
 */
export function useImportStandIns(
  name: string,
  options: ImportStandInOptions,
  prepare?: (standIns: ImportStandIns) => Promise<void>,
): Omit<ImportStandIns, 'stop'> {
  let started: ImportStandIns | undefined;
  beforeAll(async () => {
    started = await startImportStandIns(name, options);
    await prepare?.(started);
  }, 60_000);
  afterAll(() => started?.stop());
  const get = () => {
    if (!started) throw new Error('The import stand-ins start in beforeAll.');
    return started;
  };
  return {
    get backend() {
      return get().backend;
    },
    get sqs() {
      return get().sqs;
    },
    get dlqUrl() {
      return get().dlqUrl;
    },
    put: (key, body) => get().put(key, body),
  };
}
