import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Backend } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { S3_STAND_IN_CREDENTIALS, startS3StandIn } from '@portal/backend/platform/files/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../tests/support/test-backend.ts';

/**
 * The operator CLI as an operator runs it: a child process given a stage's variables, here those of a
 * fresh table in the suite's DynamoDB Local (so it takes the stage path, not the local `npm start` one).
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Piped-In-Secret-2026!';

let backend: Backend;
let env: Record<string, string>;

type Run = { code: number | null; stdout: string; stderr: string };

function admin(args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** The CLI's own error lines, without the runtime's warnings. */
const errors = (run: Run) => run.stderr.split('\n').filter((line) => /^(error|usage error): /.test(line));

beforeAll(async () => {
  backend = await createTestBackend();
  const config = backend.config;
  env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    STAGE: 'cli-test',
    AWS_REGION: config.AWS_REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: config.TABLE_NAME,
    DYNAMODB_ENDPOINT: config.DYNAMODB_ENDPOINT!,
    FILES_BUCKET: config.FILES_BUCKET,
    REPORTS_BUCKET: config.REPORTS_BUCKET,
    MAIL_FROM: config.MAIL_FROM,
    APP_URL: config.APP_URL,
    PASSWORD_HASH_COST: '12',
  };
});

describe('npm run admin against a stage table', () => {
  it('creates and lists a customer', async () => {
    const created = await admin(['create-customer', 'R-1', '--name', 'Corner Shop', '--kind', 'retailer', '--actor', 'ci.runner']);
    expect(errors(created)).toEqual([]);
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toBe('created customer R-1 (retailer) Corner Shop');
    expect(created.stderr).toContain(`admin: stage cli-test (table ${env.TABLE_NAME}`);

    const listed = await admin(['list-customers']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n')).toContain('R-1\tretailer\t-\tCorner Shop');
  });

  it('creates a user with the password from stdin, never printing it', async () => {
    const run = await admin(
      [
        'create-user',
        'cli.user',
        '--email',
        'cli.user@example.com',
        '--customer',
        'R-1',
        '--password-stdin',
        '--ordering-permissions',
        'cardOrdering,retailerSales',
        '--actor',
        'ci.runner',
      ],
      `${PASSWORD}\n`,
    );
    expect(errors(run)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('created user cli.user');
    expect(run.stdout + run.stderr).not.toContain(PASSWORD);

    const account = await getAccount(backend.db, 'cli.user');
    expect(account).toMatchObject({ customerId: 'R-1', modules: { ordering: { permissions: 12, settings: 0 } } });
    const signIn = await backend.auth.signIn({ username: 'cli.user', password: PASSWORD }, { portal: 'ordering' });
    expect(signIn.result.response.success).toBe(true);
    const trail = await backend.admin.auditTrail({ username: 'cli.user' });
    expect(trail.items[0]).toMatchObject({ actor: 'ci.runner', action: 'create-user', outcome: 'done' });
  });

  it('shows the user without any hash or secret', async () => {
    const run = await admin(['show-user', 'CLI.USER']);
    expect(run.code).toBe(0);
    const shown = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(shown).toMatchObject({
      username: 'cli.user',
      customerId: 'R-1',
      access: { ordering: { permissions: ['cardOrdering', 'retailerSales'] } },
    });
    const stored = (await getAccount(backend.db, 'cli.user'))!;
    expect(run.stdout).not.toContain(stored.passwordHash);
    expect(run.stdout).not.toMatch(/scrypt|passwordHash|passwordHistory|recoveryCodeHashes|totpSecret/);
  });

  it('generates and prints a password once when none is piped in', async () => {
    const run = await admin(['create-user', 'cli.generated', '--email', 'gen@example.com']);
    expect(run.code).toBe(0);
    const password = /initial password \(shown once, not stored in clear\): (\S+)/.exec(run.stdout)?.[1];
    expect(password).toHaveLength(20);
    const signIn = await backend.auth.signIn({ username: 'cli.generated', password: password! }, { portal: 'ordering' });
    expect(signIn.result.response.success).toBe(true);
  });

  it('answers refusals with one error line and exit code 1', async () => {
    const weak = await admin(['create-user', 'cli.weak', '--email', 'weak@example.com', '--password-stdin'], 'short\n');
    expect(weak.code).toBe(1);
    expect(errors(weak)).toEqual([expect.stringMatching(/^error: password: The password must be at least 12 characters long; /)]);
    expect(weak.stdout + weak.stderr).not.toMatch(/\bshort\b/);

    const taken = await admin(['create-user', 'Cli.User', '--email', 'x@example.com', '--password-stdin'], 'Another-Strong-2026!');
    expect(taken.code).toBe(1);
    expect(errors(taken)).toEqual(["error: Username 'Cli.User' is taken"]);

    const unknown = await admin(['disable', 'nobody.here']);
    expect(unknown.code).toBe(1);
    expect(errors(unknown)).toEqual(["error: No account 'nobody.here'"]);

    const badFlag = await admin(['set-access', 'cli.user', '--ordering-permissions', 'flyToMoon']);
    expect(badFlag.code).toBe(1);
    expect(errors(badFlag)[0]).toMatch(/^error: ordering.permissions: unknown flag flyToMoon/);
  });

  it('answers usage errors with exit code 2, and --help with 0', async () => {
    const missing = await admin(['unlock']);
    expect(missing.code).toBe(2);
    expect(errors(missing)).toEqual(['usage error: unlock takes one <username>, got none']);
    const option = await admin(['show-user', 'cli.user', '--verbose']);
    expect(option.code).toBe(2);
    expect(errors(option)[0]).toMatch(/^usage error: show-user: Unknown option '--verbose'/);
    const required = await admin(['create-customer', 'R-2', '--kind', 'retailer']);
    expect(required.code).toBe(2);
    expect(errors(required)).toEqual(['usage error: create-customer: --name is required']);
    expect((await admin(['launch-rockets'])).code).toBe(2);

    const help = await admin(['create-user', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: npm run admin -- create-user <username> [options]');
    expect(help.stdout).toContain('printed ONCE');
  });

  it('disables the user and records the actor in the audit trail', async () => {
    const run = await admin(['disable', 'cli.user', '--actor', 'ci.runner']);
    expect(run.code).toBe(0);
    // The sign-in of the create-user test left one session.
    expect(run.stdout.trim()).toBe('disabled cli.user; 1 session(s) ended');
    expect((await getAccount(backend.db, 'cli.user'))?.status).toBe('locked');
    const audit = await admin(['audit', '--user', 'cli.user']);
    const entries = audit.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries[0]).toMatchObject({ actor: 'ci.runner', action: 'disable', outcome: 'done' });
    expect(entries.map((e) => e.action)).toContain('show-user');
  });

  it('unlocks the disabled user (the runbook step): active again, signs in, audited', async () => {
    const run = await admin(['unlock', 'cli.user', '--actor', 'ops.anna']);
    expect([run.code, errors(run)]).toEqual([0, []]);
    expect(run.stdout.trim()).toBe('unlocked cli.user: no sign-in lock, status locked -> active');
    expect((await getAccount(backend.db, 'cli.user'))?.status).toBe('active');
    const signIn = await backend.auth.signIn({ username: 'cli.user', password: PASSWORD }, { portal: 'ordering' });
    expect(signIn.result.response.success).toBe(true);
    const trail = await backend.admin.auditTrail({ username: 'cli.user' });
    expect(trail.items[0]).toMatchObject({ actor: 'ops.anna', action: 'unlock', outcome: 'done' });
  });

  it("puts a supplier's file into a customer's folder through the documents service (checked by its bytes; again: a new version)", async () => {
    const s3 = await startS3StandIn([backend.config.FILES_BUCKET]);
    try {
      const withS3 = { ...env, ...S3_STAND_IN_CREDENTIALS, S3_ENDPOINT: s3.endpoint };
      const run = (args: string[]) => {
        const saved = env;
        env = withS3;
        return admin(args).finally(() => (env = saved));
      };
      expect(errors(await admin(['create-customer', 'R-DOC', '--name', 'Doc Shop', '--kind', 'retailer']))).toEqual([]);
      const dir = mkdtempSync(join(tmpdir(), 'admin-docs-'));
      const pdf = join(dir, 'Contract.pdf');
      writeFileSync(
        pdf,
        '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
      );
      const svg = join(dir, 'logo.pdf');
      writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const first = await run(['put-document', 'R-DOC', '--file', pdf, '--folder', 'Contracts', '--actor', 'ops.anna']);
      expect([first.code, errors(first)]).toEqual([0, []]);
      expect(first.stdout).toMatch(/^added doc-\S+ Contracts\/Contract\.pdf \(application\/pdf, \d+ bytes\)/m);
      const again = await run(['put-document', 'R-DOC', '--file', pdf, '--folder', 'Contracts']);
      expect(again.stdout).toMatch(/^version 2 of doc-/m);
      const refused = await run(['put-document', 'R-DOC', '--file', svg, '--folder', 'Contracts']);
      expect([refused.code, errors(refused).length]).toEqual([1, 1]);
      const tricked = await run(['put-document', 'R-DOC', '--file', pdf, '--folder', '../other']);
      expect(tricked.code).toBe(1);
    } finally {
      await s3.stop();
    }
  }, 120_000);
});
