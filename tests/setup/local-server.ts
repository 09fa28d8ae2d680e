import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/local/ports.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The SES stand-in: the mail it received is at GET <sesUrl>/store. */
    sesUrl: string;
    /** The throw-away data folder of this run. */
    dataDir: string;
    /** The file the start writes its outcome to (tests/setup/e2e-ready.ts waits for it). */
    startStatus: string;
  }
}

/** How long the start may take to print "Portal ready" (web build and demo seed, beside the other projects' tests). */
const READY_WITHIN_MS = 300_000;

/**
 * Runs the real `npm start` runtime (all stand-ins, demo seed, web build) on free ports with a
 * throw-away data folder, exactly as a developer would, and hands its URL to the e2e tests.
 *
 * It is started, not awaited: vitest runs every project's global setup before the first test, and the e2e
 * files run last (fileParallelism false puts them in a group of their own), so the start (its web build and
 * demo seed, a minute or two) runs beside the other projects' tests instead of before them. Its outcome goes
 * to the `startStatus` file: "ready", or "failed" and the start's output; tests/setup/e2e-ready.ts (a setup
 * file of the e2e project) waits for it before each e2e file.
 */
export default async function setup(project: TestProject) {
  // A throw-away data folder in memory where the machine has one: DynamoDB Local on disk loads the demo
  // seed (thousands of transactions) several times slower.
  const shm = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(shm, 'portal-e2e-'));
  const statusDir = mkdtempSync(join(shm, 'portal-e2e-status-'));
  const startStatus = join(statusDir, 'status');
  const port = await freePort();
  const sesPort = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DYNAMODB_PORT: String(await freePort()),
    S3_PORT: String(await freePort()),
    SES_PORT: String(sesPort),
    OIDC_PORT: String(await freePort()),
    SFTP_PORT: String(await freePort()),
    SQS_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
  const child: ChildProcess = spawn('npx', ['tsx', 'scripts/local/start.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      process.kill(-child.pid!, 'SIGINT');
      setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone: nothing left to stop.
        }
        resolve();
      }, 10_000).unref();
    });
  let settled = false;
  const settle = (status: string) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    writeFileSync(startStatus, status);
  };
  const timer = setTimeout(() => {
    settle(`failed\nnpm start did not get ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    void stop();
  }, READY_WITHIN_MS);
  const onData = (chunk: Buffer) => {
    output += chunk;
    if (output.includes('Portal ready')) settle('ready');
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.once('exit', (code) => settle(`failed\nnpm start exited with ${code}:\n${output}`));
  project.provide('baseUrl', `http://localhost:${port}`);
  project.provide('sesUrl', `http://127.0.0.1:${sesPort}`);
  project.provide('dataDir', dataDir);
  project.provide('startStatus', startStatus);
  return async () => {
    settle('failed\nthe run ended before npm start was ready');
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(statusDir, { recursive: true, force: true });
  };
}
