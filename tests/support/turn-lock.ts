import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A turn between test files in different workers: a directory made atomically (mkdir), holding the holder's pid,
 * so a holder that died without releasing it (a killed run) does not block the next run.
 */

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The holder is gone (or is this process, a file before that did not get to release it). */
function stale(lock: string): boolean {
  let text = '';
  try {
    text = readFileSync(join(lock, 'pid'), 'utf8');
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

/** Takes the turn `lock` (a directory path) when it is free or its holder is gone; false when another holds it. */
export function tryTurn(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    if (!stale(lock)) return false;
    rmSync(lock, { recursive: true, force: true });
    return tryTurn(lock);
  }
}

export const releaseTurn = (lock: string) => rmSync(lock, { recursive: true, force: true });
