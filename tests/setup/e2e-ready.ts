import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

/**
 * Before each e2e file: waits until the `npm start` of tests/setup/local-server.ts is ready (that global setup
 * starts it without waiting, so it runs beside the other projects' tests), or fails the file with the start's
 * output. The start's own deadline bounds the wait.
 */
const status = inject('startStatus');
for (;;) {
  const text = existsSync(status) ? readFileSync(status, 'utf8') : '';
  if (text === 'ready') break;
  if (text.startsWith('failed')) throw new Error(text.slice('failed\n'.length));
  await sleep(250);
}
