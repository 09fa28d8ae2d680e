import { afterAll, beforeAll } from 'vitest';
import { workerEnv } from '../support/worker-env.ts';

/**
 * Runs before each server test file, also when files share a worker's modules (ADR 160), so that no file sees what an
 * earlier one left: the environment as it was before the file (a file that starts the local runtime sets the whole
 * local configuration), and the worker's mailbox (tests/support/mailbox.ts), once a file has started it, empty.
 */
const before = { ...process.env };
beforeAll(async () => {
  // The worker's SES is the mailbox's, once a file has loaded it (the suite's shared one is never in workerEnv).
  if (workerEnv.SES_ENDPOINT) await fetch(`${workerEnv.SES_ENDPOINT}/clear-store`, { method: 'POST' });
});
afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before, workerEnv);
});
