import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { dependsOn, type FunctionProps, Script, type StackContext, use } from 'sst/constructs';
import { Api } from './api.ts';
import { Jobs } from './jobs.ts';
import { Storage } from './storage.ts';

/**
 * The data migrations run on every deploy (ADR 075): an SST Script invokes `functions/jobs/migrate.ts` once
 * the stacks with the new code are up (Jobs, Api), on create and on each update; finished migrations are
 * skipped in one conditional write each. A migration that needs more than the function's 15 minutes fails
 * the deploy with the migration named; the next deploy or `npm run migrate` resumes it at its cursor.
 */
export function Migrations({ stack }: StackContext) {
  dependsOn(Jobs);
  dependsOn(Api);
  const { table, grantData } = use(Storage);
  const fn: FunctionProps = {
    handler: 'functions/jobs/migrate.handler',
    memorySize: '512 MB',
    timeout: '15 minutes',
    environment: { TABLE_NAME: table.tableName },
    logGroup: new LogGroup(stack, 'MigrateLogs', { retention: RetentionDays.THREE_MONTHS }),
  };
  const script = new Script(stack, 'Migrate', { onCreate: fn, onUpdate: fn });
  for (const migrator of [script.createFunction, script.updateFunction]) {
    if (!migrator) continue;
    grantData(migrator);
    // A migration walks the table with a parallel Scan: the one function allowed to (no request path scans).
    migrator.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [table.tableArn] }));
  }
}
