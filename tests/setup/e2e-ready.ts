import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, inject } from 'vitest';
import { takeLane } from '../support/e2e-lane.ts';
import { releaseTurn, tryTurn } from '../support/turn-lock.ts';

/**
 * Before each e2e file: takes a lane whose `npm start` (tests/setup/local-server.ts) is ready and that no other
 * file holds, waiting for one (the starts run beside the other projects' tests), and releases it when the file
 * ends. Fails the file with the starts' output when no lane got ready; each start's own deadline bounds the wait.
 */
const lanes = inject('e2eLanes');
const statusOf = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

let lock: string | undefined;
while (!lock) {
  const statuses = lanes.map((lane) => statusOf(lane.startStatus));
  if (statuses.every((s) => s.startsWith('failed'))) throw new Error(statuses.map((s) => s.slice('failed\n'.length)).join('\n'));
  for (const [i, lane] of lanes.entries()) {
    const turn = join(dirname(lane.startStatus), 'turn');
    if (statuses[i] === 'ready' && tryTurn(turn)) {
      takeLane(lane);
      lock = turn;
      break;
    }
  }
  if (!lock) await sleep(250);
}
const held = lock;
afterAll(() => releaseTurn(held));
