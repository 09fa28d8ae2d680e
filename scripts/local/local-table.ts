import { hostname } from 'node:os';
import { markMigrationsOfNewTable, MIGRATIONS } from '@portal/backend/migration';
import { type Db, ensureTable, type MigrationOutcome, runMigrations } from '@portal/backend/platform/db';

/**
 * The local table before `npm start` serves (ADR 075, ADR 095). A new one (a fresh data folder) is created with
 * every migration recorded done: today's code writes only today's shapes. One that exists (a data folder of older
 * code) gets its pending migrations run, so its old items are rewritten instead of left invisible. The owner is
 * the host's: a data folder serves one `npm start` at a time, so a run that died with the process is taken over
 * at its cursor by the next start at once, not after the lease. Says on the console what ran.
 */
export async function prepareLocalTable(db: Db, now: Date, say: (line: string) => void): Promise<MigrationOutcome[]> {
  if ((await ensureTable(db.raw, db.table)) === 'created') {
    const recorded = await markMigrationsOfNewTable(db, now);
    say(`migrations: new table, ${recorded.map((m) => m.id).join(', ') || 'none'} recorded done`);
    return [];
  }
  const outcomes = await runMigrations(db, MIGRATIONS, {
    owner: `npm-start:${hostname()}`,
    log: (message, fields) => say(`migrations: ${message} ${JSON.stringify(fields)}`),
  });
  const ran = outcomes.filter((o) => o.result === 'done');
  say(`migrations: ${ran.length ? ran.map((o) => `${o.id} (${o.name}) done, ${o.items} items`).join('; ') : 'none pending'}`);
  for (const o of outcomes.filter((x) => x.result === 'busy'))
    say(`migrations: ${o.id} (${o.name}) is held by another runner (npm run migrate?): its items show once it finishes`);
  return outcomes;
}
