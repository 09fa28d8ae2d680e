import { JAVA_MISSING, javaAvailable, startDynamoDbLocal } from '../../scripts/local/dynamodb-local.ts';
import { freePort } from '../../scripts/local/ports.ts';
import { startSesLocal } from '../../scripts/local/ses-local.ts';

/**
 * The AWS stand-ins for the server suite: one in-memory DynamoDB Local (each test file makes its own
 * table) and one SES stand-in for the mail of every file; a file that reads mail (tests/support/mailbox.ts)
 * gets one of its own, as files run side by side. The server files are two projects (vitest.config.ts, ADR 160),
 * each with this global setup: the first starts the stand-ins, both use them, the last to end stops them.
 */
type StandIns = { stop: () => Promise<void>; users: number };
const shared = globalThis as { serverStandIns?: Promise<StandIns> };

async function start(): Promise<StandIns> {
  if (!javaAvailable()) throw new Error(JAVA_MISSING);
  // Beside the e2e project's `npm start` (its web build and seed) the JVM's start can pass the default 30 s.
  const dynamo = await startDynamoDbLocal({ readyWithinMs: 120_000 });
  const sesPort = await freePort();
  const ses = await startSesLocal({ host: '127.0.0.1', port: sesPort });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  process.env.SES_ENDPOINT = `http://127.0.0.1:${sesPort}`;
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.AWS_REGION ??= 'eu-central-1';
  const stop = async () => {
    await new Promise((resolve) => ses.close(resolve));
    await dynamo.stop();
  };
  return { stop, users: 0 };
}

export default async function setup() {
  const standIns = await (shared.serverStandIns ??= start());
  standIns.users += 1;
  return async () => {
    standIns.users -= 1;
    if (standIns.users === 0) await standIns.stop();
  };
}
