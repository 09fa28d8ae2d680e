import { MIGRATIONS } from '@portal/backend/migration';
import { createDb, runMigrations } from '@portal/backend/platform/db';

/**
 * The data migrations on deploy (ADR 075): invoked by the Migrations stack's Script after the new code is
 * deployed. Runs every migration not done yet; one another runner holds (a deploy running twice, `npm run
 * migrate` at the same time) fails this invocation, and with it the deploy, rather than pass unmigrated.
 */
export const handler = async (_event: unknown, context: { awsRequestId?: string } = {}): Promise<void> => {
  const table = process.env.TABLE_NAME;
  if (!table) throw new Error('TABLE_NAME is not set');
  // DYNAMODB_ENDPOINT is unset on AWS; tests point it at DynamoDB Local.
  const db = createDb({
    AWS_REGION: process.env.AWS_REGION ?? 'eu-central-1',
    TABLE_NAME: table,
    DYNAMODB_ENDPOINT: process.env.DYNAMODB_ENDPOINT,
  });
  const outcomes = await runMigrations(db, MIGRATIONS, {
    owner: `lambda:${context.awsRequestId ?? 'unknown'}`,
    log: (message, fields) => console.log(`[migrate] ${message}`, fields),
  });
  console.log('[migrate] outcomes', outcomes);
  const busy = outcomes.find((o) => o.result === 'busy');
  if (busy) throw new Error(`Migration ${busy.id} (${busy.name}) is being run by another runner; deploy again once it is done`);
};
