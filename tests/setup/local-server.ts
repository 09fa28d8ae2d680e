import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scripts/local/ports.ts';
import { E2E_LANES, type E2eLane } from '../support/e2e-lane.ts';
import { copySeededDemo, SEEDED_DEMO_ENV, seededDemo, stopProcessGroup } from './seeded-demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One `npm start` per lane: an e2e file takes a free lane for its run (tests/setup/e2e-ready.ts). */
    e2eLanes: E2eLane[];
  }
}

/** How long a start may take to print "Portal ready" (web build and demo seed, beside the other projects' tests). */
const READY_WITHIN_MS = 300_000;

/**
 * Runs the real `npm start` runtime (all stand-ins, demo seed, web build) on free ports with a throw-away data
 * folder, exactly as a developer would, once per e2e lane, and hands their URLs to the e2e tests.
 *
 * Started, not awaited: vitest runs every project's global setup before the first test, and the e2e files run
 * last (a group of their own, vitest.config.ts), so the starts (the web build and the demo seed, a minute or two
 * each) run beside the other projects' tests instead of before them. Each lane's outcome goes to its
 * `startStatus` file: "ready", or "failed" and the start's output; tests/setup/e2e-ready.ts waits for a ready
 * lane before each e2e file. The demo is seeded once for the run (tests/setup/seeded-demo.ts, ADR 138): each lane
 * starts on a copy of that data folder, and so does scripts/local/runtime.test.ts (a server file: the folder's
 * status file is in its environment). The first lane builds the web; the next ones start once it is ready and
 * serve the same web/dist (a second build would empty it under the first).
 */
export default async function setup(project: TestProject) {
  // Throw-away folders in memory where the machine has one: DynamoDB Local on disk loads the demo seed
  // (thousands of transactions) several times slower.
  const shm = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const lanes: E2eLane[] = [];
  const seeded = seededDemo(shm);
  // The workers are made after every global setup: the server project's runtime.test.ts reads it there.
  process.env[SEEDED_DEMO_ENV] = seeded.status;
  const stops: (() => Promise<void>)[] = [seeded.stop];
  let previous: Promise<boolean> = seeded.run();
  for (let lane = 0; lane < E2E_LANES; lane++) {
    const start = await startLane(shm, lane === 0);
    lanes.push(start.lane);
    stops.push(start.stop);
    const after = previous;
    // The next lane starts when this one is ready (or not at all when it failed: its files use the others).
    // (A failed seeding leaves the lanes to seed their own copies, as a start on an empty folder does.)
    previous = after.then((ok) => (ok || lane === 0 ? start.run() : start.skip()));
  }
  project.provide('e2eLanes', lanes);
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

async function startLane(shm: string, buildWeb: boolean) {
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
    ...(buildWeb ? {} : { SKIP_WEB_BUILD: '1' }),
  };
  let child: ChildProcess | undefined;
  let output = '';
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const settle = (status: string) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    writeFileSync(startStatus, status);
  };
  const stop = async () => {
    settle('failed\nthe run ended before npm start was ready');
    await stopProcessGroup(child);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(statusDir, { recursive: true, force: true });
  };
  /** Starts the runtime; resolves true once it is ready, false when it failed. */
  const run = async () => {
    await copySeededDemo(dataDir);
    return new Promise<boolean>((resolve) => {
      child = spawn('npx', ['tsx', 'scripts/local/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const finish = (status: string) => {
        settle(status);
        resolve(status === 'ready');
      };
      timer = setTimeout(() => {
        finish(`failed\nnpm start did not get ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
        void stop();
      }, READY_WITHIN_MS);
      const onData = (chunk: Buffer) => {
        output += chunk;
        if (output.includes('Portal ready')) finish('ready');
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => finish(`failed\nnpm start exited with ${code}:\n${output}`));
    });
  };
  const skip = () => {
    settle('failed\nnot started: the lane before it did not get ready');
    return false;
  };
  const lane: E2eLane = { baseUrl: `http://localhost:${port}`, sesUrl: `http://127.0.0.1:${sesPort}`, dataDir, startStatus };
  return { lane, run, skip, stop };
}
