/**
 * `npm run migrate`: runs the data migrations not done yet (ADR 075), in order, resumable: a run stopped half
 * way (Ctrl-C, a crash) is taken over at its cursor once its lease (5 minutes) ran out. Without AWS variables
 * in the environment it targets the running `npm start` (local mode); with them, that stage's table. Deploys
 * run the same migrations by themselves (infra/migrations.ts).
 */
import { hostname } from 'node:os';
import { loadConfig } from '@portal/backend/config';
import { MIGRATIONS } from '@portal/backend/migration';
import { createDb, runMigrations } from '@portal/backend/platform/db';
import { cliEnv } from './local/local-env.ts';

const config = loadConfig(cliEnv());
const outcomes = await runMigrations(createDb(config), MIGRATIONS, {
  owner: `cli:${hostname()}:${process.pid}`,
  log: (message, fields) => console.log(`${message} ${JSON.stringify(fields)}`),
});
for (const o of outcomes) console.log(`migration ${o.id} (${o.name}): ${o.result}${o.result === 'done' ? `, ${o.items} items` : ''}`);
process.exit(outcomes.some((o) => o.result === 'busy') ? 1 : 0);
