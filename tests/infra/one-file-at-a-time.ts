import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

/**
 * A setup file of the infra project: its files take turns, while the other projects' files run beside
 * them (vitest.config.ts runs a worker per core). Every synthesis (synth.ts) rewrites the repo's
 * .sst/types and .sst/artifacts, and a file reads the packages of its own last synthesis from there, so two
 * infra files must never synthesize at once. The turn is a directory made atomically (mkdir), holding the
 * holder's pid: a holder that died without releasing it (a killed run) does not block the next run.
 */
const sstDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.sst');
const lock = path.join(sstDir, 'infra-tests.lock');
const holderFile = path.join(lock, 'pid');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The holder is gone (or is this process, a file before that did not get to release it). */
function stale(): boolean {
  let text = '';
  try {
    text = readFileSync(holderFile, 'utf8');
  } catch {
    // No pid file yet: handled below as an empty one.
  }
  const holder = Number(text);
  if (text && Number.isInteger(holder) && holder > 0) return holder === process.pid || !alive(holder);
  // Made but no pid in it yet: the holder is between its two calls, or died there.
  try {
    return Date.now() - statSync(lock).mtimeMs > 10_000;
  } catch {
    return false; // released meanwhile: the next mkdir takes it
  }
}

mkdirSync(sstDir, { recursive: true });
for (;;) {
  try {
    mkdirSync(lock);
    writeFileSync(holderFile, String(process.pid));
    break;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    if (stale()) rmSync(lock, { recursive: true, force: true });
    else await sleep(200);
  }
}
afterAll(() => rmSync(lock, { recursive: true, force: true }));
