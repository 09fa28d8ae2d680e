/**
 * The whole product on one machine, offline. Starts the AWS stand-ins (DynamoDB Local,
 * s3rver, aws-ses-v2-local, the local scheduler, oidc-provider for Entra ID, an SFTP server for Transfer
 * Family, fauxqs for SQS with the import queue's poller for Lambda's event source), creates the table, buckets and queues when missing, seeds the demo data once, builds the web app and serves web + /api on one port.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createBackend, loadConfig, parseJsonLines } from '@portal/backend';
import { startLocalS3 } from '@portal/backend/platform/files/test';
import { schedulerFromConfig, SWEEP_MINUTES } from '@portal/backend/platform/scheduler';
import { startNodeServer } from '../../functions/api/node.ts';
import { handler as reportRunner } from '../../functions/jobs/report-runner.ts';
import { handler as importFiles } from '../../functions/jobs/import-files.ts';
import { DEMO_DIR, demoUsers, relinkDemoIdentities, seedDemoDataOnce, topUpDemoActivity } from '../seed/seed.ts';
import { startDynamoDbLocal } from './dynamodb-local.ts';
import { announceInstance, LOCAL_IMPORT_QUEUE, localAppUrl, localDataDir, localEnv, localPorts } from './local-env.ts';
import { ensureImportQueues, s3NotificationBridge, sqsClient, startImportPoller, startLocalSqs } from './import-queue.ts';
import { mountMailbox } from './mailbox.ts';
import { createLocalFaults, mountFaultHook } from './fault-hook.ts';
import { createLocalClock, mountClockHook } from './clock-hook.ts';
import { createSchedulerClock, mountSchedulerHook, recordingRunner } from './scheduler-hook.ts';
import { startLocalOidcProvider } from './oidc-provider.ts';
import { mountOneOrigin } from './one-origin.ts';
import { startSesLocal } from './ses-local.ts';
import { localSftpKeys, startLocalSftpServer } from './sftp-server.ts';
import { mountWebFiles } from './web-files.ts';
import { prepareLocalTable } from './local-table.ts';

const say = (line: string) => console.log(line);

export async function startLocalRuntime() {
  const ports = localPorts();
  const dataDir = localDataDir();
  localSftpKeys(dataDir); // made once, before the environment that pins them (local-env.ts)
  Object.assign(process.env, localEnv(ports, dataDir, localAppUrl(ports)));
  const config = loadConfig();
  const stops: (() => Promise<unknown>)[] = [];
  const shutdown = async (code: number) => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  try {
    const dynamo = await startDynamoDbLocal({ dbPath: join(dataDir, 'dynamodb'), port: ports.dynamodb });
    stops.push(dynamo.stop);

    // The import queue and its DLQ on the SQS stand-in (ADR 069); in memory, made again at every start.
    const localSqs = await startLocalSqs({ port: ports.sqs });
    stops.push(localSqs.stop);
    const sqs = sqsClient(localSqs.endpoint);
    const { queueUrl } = await ensureImportQueues(sqs, LOCAL_IMPORT_QUEUE);
    if (queueUrl !== config.IMPORT_QUEUE_URL)
      throw new Error(`the import queue is ${queueUrl}, not IMPORT_QUEUE_URL ${config.IMPORT_QUEUE_URL}`);

    const s3Dir = join(dataDir, 's3');
    mkdirSync(s3Dir, { recursive: true });
    // s3rver behind a front that checks signatures and POST policies as S3 does (ADR 050); files created
    // under the import prefixes of the reports bucket are announced to the import queue, as S3 does on AWS.
    const s3 = await startLocalS3({
      port: ports.s3,
      directory: s3Dir,
      onEvent: s3NotificationBridge(sqs, queueUrl, config.REPORTS_BUCKET),
    });
    stops.push(s3.close);

    const ses = await startSesLocal({ host: '127.0.0.1', port: ports.ses });
    stops.push(() => new Promise((r) => ses.close(r)));

    const oidc = await startLocalOidcProvider({
      port: ports.oidc,
      redirectUris: [`${config.APP_URL}/sso-callback`, `${config.APP_URL}/connect/sso-callback`],
    });
    stops.push(oidc.stop);

    // The local scheduler (SCHEDULER_FILE) invokes the same runner handler as the Lambda target.
    // Its clock and runner are wrapped for the test hook (scheduler-hook.ts: POST /__local/scheduler/advance).
    const schedulerClock = createSchedulerClock();
    const runner = recordingRunner(reportRunner);
    // Faults stay off until a test asks for them (fault-hook.ts: POST /__local/faults).
    const faults = createLocalFaults();
    const scheduler = schedulerFromConfig(config, runner.run, schedulerClock.now);
    // The backend's clock runs at real time until a test moves it (clock-hook.ts: POST /__local/clock).
    const backendClock = createLocalClock();
    const backend = createBackend(config, backendClock.now, { scheduler, faults });
    // A new table holds only today's shapes (its migrations recorded done); an old data folder is migrated (ADR 095).
    await prepareLocalTable(backend.db, backend.now(), say);
    await ensureBuckets(config);
    const seeded = await seedDemoDataOnce(backend);
    if (!seeded) await relinkDemoIdentities(backend);
    const toppedUp = await topUpDemoActivity(backend);

    // The stand-in for Transfer Family (ADR 039): customers' logins come from the seeded sftpUsers, let in by
    // the same decision and limits as Transfer's identity provider (ADR 052).
    const sftp = await startLocalSftpServer({
      dataDir,
      port: ports.sftp,
      db: backend.db,
      now: backend.now,
      passwordHashCost: config.PASSWORD_HASH_COST,
      // Transfer Family stores what a login writes as an object under the bucket's sftp/ prefix: a file written
      // into `<customerId>/imports/` reaches the import queue as on AWS (ADR 069).
      onWritten: (relativePath, path) => void copySftpImport(config, relativePath, path),
    });
    stops.push(sftp.stop);

    backend.scheduler?.start();
    stops.push(async () => backend.scheduler?.stop());
    // The one sweep (ADR 108: the report slots' step of ADR 077, the allocation's of ADR 087): on AWS a
    // fixed-rate schedule, here a timer invoking the same handler with the same payload. Not a schedule of the
    // local scheduler: its test hook fires every due instant on the way to a report's fire, and a rate of minutes
    // would crowd those out.
    const sweep = setInterval(() => {
      reportRunner({ kind: 'sweep' }).catch((error: unknown) => console.error('sweep:', error));
    }, SWEEP_MINUTES * 60_000);
    sweep.unref();
    stops.push(async () => clearInterval(sweep));
    // Lambda's SQS event source: the import worker's handler takes one message at a time (ADR 069).
    const poller = startImportPoller(sqs, queueUrl, importFiles);
    stops.push(poller.stop);

    if (process.env.SKIP_WEB_BUILD !== '1') buildWeb();
    // Every listener of local mode is on loopback only: nothing here is reachable from other machines.
    const server = await startNodeServer({
      backend,
      port: ports.app,
      hostname: '127.0.0.1',
      extend: (root) => {
        mountOneOrigin(root, config.APP_URL);
        mountMailbox(root, config.SES_ENDPOINT!);
        mountSchedulerHook(root, backend.scheduler, schedulerClock, runner);
        mountFaultHook(root, faults);
        mountClockHook(root, backendClock);
        mountWebFiles(root, resolve('web/dist'), new URL(config.S3_ENDPOINT!).origin);
      },
    });
    stops.push(server.close);
    const forget = announceInstance(dataDir, { pid: process.pid, appUrl: config.APP_URL, ports });
    stops.push(async () => forget());

    const url = config.APP_URL;
    say('');
    say(`Portal ready: ${url}  (connect portal: ${url}/connect)`);
    say(seeded ? 'Demo data seeded.' : `Data kept from the last start (${dataDir}).`);
    if (toppedUp.length) say(`Demo activity brought up to date: ${toppedUp.join(', ')}.`);
    say('Demo users (username / password / portal):');
    for (const u of demoUsers()) say(`  ${u.username.padEnd(16)} ${u.password.padEnd(22)} ${u.portals.join(', ')}`);
    say(`Mailbox (mail sent through the local SES): ${url}/_local/mailbox`);
    say(`Scheduled reports fire now with: curl -X POST ${url}/__local/scheduler/advance -d '{"to":"<ISO time>"}'`);
    say(`Imports: a file put into ${config.REPORTS_BUCKET} under imports/ or sftp/<customerId>/imports/ is imported through the queue.`);
    say(`SFTP (report files "copied by FTP", ${sftp.tree}): sftp -P ${ports.sftp} <user>@127.0.0.1`);
    for (const u of demoSftpUsers()) say(`  ${u.username.padEnd(16)} ${u.password.padEnd(22)} ${u.customerId}/`);
    say('Press Ctrl-C to stop.');
  } catch (error) {
    console.error(`Start failed: ${(error as Error).message}`);
    await shutdown(1);
  }
}

/** A file written over SFTP into an imports folder, stored in the reports bucket as Transfer Family would store it. */
async function copySftpImport(config: ReturnType<typeof loadConfig>, relativePath: string, path: string) {
  if (!SFTP_IMPORT_PATH.test(relativePath)) return;
  const s3 = new S3Client({ region: config.AWS_REGION, endpoint: config.S3_ENDPOINT, forcePathStyle: true });
  try {
    await s3.send(new PutObjectCommand({ Bucket: config.REPORTS_BUCKET, Key: `sftp/${relativePath}`, Body: await readFile(path) }));
  } catch (error) {
    console.error(`local SFTP: ${relativePath} did not reach the bucket`, error);
  } finally {
    s3.destroy();
  }
}
const SFTP_IMPORT_PATH = /^[^/]+\/imports\/[^/].*$/;

async function ensureBuckets(config: ReturnType<typeof loadConfig>) {
  const s3 = new S3Client({ region: config.AWS_REGION, endpoint: config.S3_ENDPOINT, forcePathStyle: true });
  for (const Bucket of [config.FILES_BUCKET, config.REPORTS_BUCKET]) {
    try {
      await s3.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket }));
    }
  }
  // Browsers upload workflow files straight to the files bucket (presigned POST with progress, ADR 045) and
  // read them from it: allowed from the site's origin, as infra/storage.ts allows it on AWS.
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: config.FILES_BUCKET,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedMethods: ['GET', 'PUT', 'POST', 'HEAD'],
            AllowedOrigins: [new URL(config.APP_URL).origin],
            AllowedHeaders: ['*'],
            ExposeHeaders: ['ETag'],
            MaxAgeSeconds: 3600,
          },
        ],
      },
    }),
  );
}

/** The demo's SFTP logins as the seed defines them (scripts/seed/demo/sftpUsers.jsonl), for the banner. */
const demoSftpUsers = () =>
  parseJsonLines(readFileSync(join(DEMO_DIR, 'sftpUsers.jsonl'), 'utf8')).lines.map(
    ({ data }) => data as { username: string; password: string; customerId: string },
  );

function buildWeb() {
  say('Building the web app...');
  // Always the production build: under vitest NODE_ENV is 'test', which would give React's development build.
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: 'web',
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('web build failed');
}
