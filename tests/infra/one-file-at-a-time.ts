import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { releaseTurn, tryTurn } from '../support/turn-lock.ts';

/**
 * A setup file of the infra project: its files take turns, while the other projects' files run beside
 * them (vitest.config.ts runs a worker per core). Every synthesis (synth.ts) rewrites the repo's
 * .sst/types and .sst/artifacts, and a file reads the packages of its own last synthesis from there, so two
 * infra files must never synthesize at once.
 */
const sstDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.sst');
const lock = path.join(sstDir, 'infra-tests.lock');

mkdirSync(sstDir, { recursive: true });
while (!tryTurn(lock)) await sleep(200);
afterAll(() => releaseTurn(lock));
