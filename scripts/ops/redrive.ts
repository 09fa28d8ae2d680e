/**
 * `npm run redrive -- --stage NAME [--queue NAME] [--to NAME] [--limit N] [--dry-run]` (docs/operations/runbook.md
 * "Redrive a DLQ"). Without --queue it lists the stage's queues: counts, and for each DLQ the queue it feeds back.
 * With --queue it moves that DLQ's messages back to its source queue (or --to), after --dry-run shows what it would.
 *
 * On AWS: the operator's credentials and AWS_REGION. Locally: SQS_ENDPOINT (the stand-in of `npm start`, fauxqs) and
 * `--prefix portal-local-` (the local names, scripts/local/local-env.ts). Exit codes: 0 done, 1 failed, 2 wrong command line.
 */
import { parseArgs } from 'node:util';
import { SQSClient } from '@aws-sdk/client-sqs';
import { findQueue, redrive, type StageQueue, stageQueuePrefix, stageQueues } from './redrive-queues.ts';

const USAGE = 'usage: npm run redrive -- --stage NAME [--queue NAME] [--to NAME] [--limit N] [--dry-run] [--prefix QUEUE_NAME_PREFIX]';

const describe = (q: StageQueue) =>
  `${q.name}  ${q.visible} waiting, ${q.inFlight} in flight${q.sources.length > 0 ? `  (DLQ of ${q.sources.join(', ')})` : ''}`;

function client(env: NodeJS.ProcessEnv): SQSClient {
  if (env.SQS_ENDPOINT) {
    return new SQSClient({
      region: env.AWS_REGION ?? 'eu-central-1',
      endpoint: env.SQS_ENDPOINT,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
  }
  if (!env.AWS_REGION) throw new UsageError('AWS_REGION must name the stage region (or SQS_ENDPOINT the local stand-in)');
  return new SQSClient({ region: env.AWS_REGION });
}

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      stage: { type: 'string' },
      queue: { type: 'string' },
      to: { type: 'string' },
      limit: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      prefix: { type: 'string' },
    },
  });
  if (!values.stage) throw new UsageError('--stage is required');
  if (values.limit !== undefined && !/^[1-9]\d*$/.test(values.limit))
    throw new UsageError(`--limit takes a positive whole number, got '${values.limit}'`);
  return { ...values, stage: values.stage, limit: values.limit === undefined ? undefined : Number(values.limit) };
}

/** The CLI, its output through `out`; answers the exit code. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
): Promise<number> {
  let args: ReturnType<typeof parse>;
  let sqs: SQSClient;
  try {
    args = parse(argv);
    sqs = client(env);
  } catch (error) {
    out(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  try {
    const prefix = args.prefix ?? stageQueuePrefix(args.stage);
    const queues = await stageQueues(sqs, prefix);
    if (!args.queue) {
      out(queues.length > 0 ? queues.map(describe).join('\n') : `no queues under ${prefix}`);
      return 0;
    }
    const dlq = findQueue(queues, args.queue);
    const to = args.to ? findQueue(queues, args.to) : queues.find((q) => dlq.sources.length === 1 && q.name === dlq.sources[0]);
    if (!to) {
      out(
        dlq.sources.length === 0
          ? `${dlq.name} is no queue's DLQ (a Lambda or Scheduler failure destination): its messages are failure records, see the runbook`
          : `${dlq.name} is the DLQ of ${dlq.sources.join(', ')}: name one with --to`,
      );
      return 1;
    }
    if (args['dry-run']) {
      out(`dry run: would move up to ${args.limit ?? dlq.visible} of ${dlq.visible} waiting messages from ${dlq.name} to ${to.name}`);
      return 0;
    }
    // One local server answers a short poll exactly; on AWS a 2 s long poll asks every server before "empty".
    const result = await redrive(sqs, { from: dlq.url, to: to.url, limit: args.limit, waitSeconds: env.SQS_ENDPOINT ? 0 : 2 });
    out(`moved ${result.moved} messages from ${dlq.name} to ${to.name}`);
    for (const f of result.failed) out(`not moved: ${f.messageId}: ${f.reason}`);
    return result.failed.length > 0 ? 1 : 0;
  } catch (error) {
    out(`redrive failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    sqs.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
