import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  }
}

/**
 * Runs the real `npm start` runtime (all stand-ins, demo seed, web build) on free ports with a
 * throw-away data folder, exactly as a developer would, and hands its URL to the e2e tests.
 */
export default async function setup(project: TestProject) {
  // A throw-away data folder in memory where the machine has one: DynamoDB Local on disk loads the demo
  // seed (thousands of transactions) several times slower, and the start must be ready in 110 s.
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'portal-e2e-'));
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
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not get ready:\n${output}`)), 110_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Portal ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  project.provide('baseUrl', `http://localhost:${port}`);
  project.provide('sesUrl', `http://127.0.0.1:${sesPort}`);
  project.provide('dataDir', dataDir);
  return async () => {
    await new Promise<void>((resolve) => {
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
    rmSync(dataDir, { recursive: true, force: true });
  };
}
