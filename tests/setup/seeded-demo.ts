import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../scripts/local/ports.ts';

/**
 * One demo seed for every `npm start` of a test run (ADR 138). A first `npm start` seeds the whole demo (tens of
 * CPU seconds: thousands of transactions through the import path); a start on a data folder that holds it keeps
 * the data ("Data kept from the last start"), the path every developer's second start takes. So the run seeds
 * one data folder once — a real `npm start` on free ports, stopped once it is ready — and each runtime the tests
 * start (the e2e lanes, scripts/local/runtime.test.ts) starts on a copy of it. The seed itself stays tested:
 * here (the start must say "Demo data seeded.") and in scripts/seed/seed.test.ts.
 */

/** Set for the workers by tests/setup/local-server.ts: the status file of the run's seeded data folder. */
export const SEEDED_DEMO_ENV = 'PORTAL_TEST_SEEDED_DEMO';

const repo = resolve(import.meta.dirname, '../..');
/** How long the seeding start may take (beside the other projects' tests on two shared cores). */
const SEEDED_WITHIN_MS = 300_000;

export interface SeededDemo {
  /** The status file: "ready" once the data folder is seeded and its runtime stopped, or "failed" and why. */
  status: string;
  /** Seeds the folder; resolves true when it is ready to copy. */
  run: () => Promise<boolean>;
  /** Stops a seeding still running and removes the folder. */
  stop: () => Promise<void>;
}

const environment = async (dataDir: string): Promise<NodeJS.ProcessEnv> => {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', NODE_NO_WARNINGS: '1', DATA_DIR: dataDir, SKIP_WEB_BUILD: '1' };
  for (const name of ['APP_URL', 'TABLE_NAME', 'DYNAMODB_ENDPOINT', 'SES_ENDPOINT', 'S3_ENDPOINT', 'SQS_ENDPOINT', 'IMPORT_QUEUE_URL'])
    delete env[name];
  for (const name of ['PORT', 'DYNAMODB_PORT', 'S3_PORT', 'SES_PORT', 'OIDC_PORT', 'SFTP_PORT', 'SQS_PORT'])
    env[name] = String(await freePort());
  return env;
};

/** The seeded data folder of a run, in `parent`: made by `run()`, its outcome in `status`. */
export function seededDemo(parent: string): SeededDemo {
  const work = mkdtempSync(join(parent, 'portal-seeded-'));
  const status = join(work, 'status');
  const dataDir = join(work, 'data');
  // The seeding start serves no page: a stub web build in its working folder (as runtime.test.ts does).
  mkdirSync(join(work, 'web/dist'), { recursive: true });
  writeFileSync(join(work, 'web/dist/index.html'), '<!doctype html><title>stub</title>');
  let child: ChildProcess | undefined;
  let settled = false;
  const settle = (text: string) => {
    if (settled) return;
    settled = true;
    writeFileSync(status, text);
  };
  const halt = () => stopProcessGroup(child);
  const run = async () => {
    const env = await environment(dataDir);
    return new Promise<boolean>((ready) => {
      child = spawn(join(repo, 'node_modules/.bin/tsx'), [join(repo, 'scripts/local/start.ts')], {
        cwd: work,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      let finished = false;
      const timer = setTimeout(
        () => finish(`failed\nthe demo seed's npm start did not get ready within ${SEEDED_WITHIN_MS / 1000} s:\n`),
        SEEDED_WITHIN_MS,
      );
      const finish = (text: string) => {
        // The first outcome counts: the exit that the stop below causes is not a failure.
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        const ok = text === 'ready';
        // Stopped before the folder is copied: DynamoDB Local's file is closed, running.json removed.
        void halt().then(() => {
          settle(ok ? 'ready' : `${text}${output}`);
          ready(ok);
        });
      };
      const onData = (chunk: Buffer) => {
        output += chunk;
        if (!output.includes('Portal ready')) return;
        // The line after "Portal ready" says whether this start seeded (a folder it did not seed would test nothing
        // of the seed); it may come in a later chunk.
        if (output.includes('Demo data seeded.')) finish('ready');
        else if (output.includes('Data kept from the last start')) finish('failed\nthe start did not seed the demo:\n');
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => finish(`failed\nthe demo seed's npm start exited with ${code}:\n`));
    });
  };
  const stop = async () => {
    settle('failed\nthe run ended before the demo was seeded');
    await halt();
    rmSync(work, { recursive: true, force: true });
  };
  return { status, run, stop };
}

/**
 * Stops a detached `npm start` and everything it started: SIGINT to its process group (the runtime stops its
 * stand-ins on it), SIGKILL after 10 s; resolves when it exited (at once when it is not running).
 */
export function stopProcessGroup(child: ChildProcess | undefined): Promise<void> {
  return new Promise((done) => {
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return done();
    const pid = child.pid;
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone: nothing left to stop.
      }
      done();
    }, 10_000);
    timer.unref();
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    process.kill(-pid, 'SIGINT');
  });
}

const statusOf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/**
 * Waits for the run's seeded data folder (SEEDED_DEMO_ENV) and copies it to `dataDir`: true when copied, false when
 * the run has none (a file run on its own) or its seeding failed — the start then seeds `dataDir` itself.
 */
export async function copySeededDemo(dataDir: string, statusFile = process.env[SEEDED_DEMO_ENV]): Promise<boolean> {
  if (!statusFile) return false;
  let text = statusOf(statusFile);
  while (!text) {
    await sleep(250);
    text = statusOf(statusFile);
  }
  if (text !== 'ready') return false;
  // Not the announcement of a runtime that is gone (scripts/local/local-env.ts).
  cpSync(join(statusFile, '..', 'data'), dataDir, { recursive: true, filter: (from) => !from.endsWith('running.json') });
  return true;
}
