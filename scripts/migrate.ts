/**
 * `npm run migrate`: runs the data migrations not done yet (ADR 075), in order, resumable: a run stopped half
 * way (Ctrl-C, a crash) is taken over at its cursor once its lease (5 minutes) ran out. Without TABLE_NAME in
 * the environment it targets the running `npm start` (local mode); with it (and AWS credentials and
 * AWS_REGION), that stage's table: the table is all it needs of the configuration. Deploys
 * run the same migrations by themselves (infra/migrations.ts).
 */
import { hostname } from 'node:os';
import { MIGRATIONS } from '@portal/backend/migration';
import { createDb, runMigrations } from '@portal/backend/platform/db';
import { cliEnv } from './local/local-env.ts';

const env = cliEnv();
if (!env.TABLE_NAME) throw new Error('TABLE_NAME is not set');
Object.assign(process.env, env); // local mode: the stand-in's credentials
const db = createDb({ AWS_REGION: env.AWS_REGION ?? 'eu-central-1', DYNAMODB_ENDPOINT: env.DYNAMODB_ENDPOINT, TABLE_NAME: env.TABLE_NAME });
const outcomes = await runMigrations(db, MIGRATIONS, {
  owner: `cli:${hostname()}:${process.pid}`,
  log: (message, fields) => console.log(`${message} ${JSON.stringify(fields)}`),
});
for (const o of outcomes) console.log(`migration ${o.id} (${o.name}): ${o.result}${o.result === 'done' ? `, ${o.items} items` : ''}`);
process.exit(outcomes.some((o) => o.result === 'busy') ? 1 : 0);
