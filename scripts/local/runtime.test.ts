import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { XSSI_PREFIX } from '@portal/core/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createBackend, loadConfig } from '@portal/backend';
import { listImportFiles } from '@portal/backend/import/testing';
import { call, DEMO_SFTP_LOGIN, list, sftpSession } from '../../tests/support/sftp-session.ts';
import { copySeededDemo } from '../../tests/setup/seeded-demo.ts';
import { type LocalPorts, localEnv, type RunningInstance } from './local-env.ts';
import { freePort } from './ports.ts';

/**
 * The real `npm start` runtime (scripts/local/start.ts) on free ports and a throw-away data folder,
 * run from a folder holding a stub web build (so no Vite build is needed): its listeners, the local
 * OpenID provider's page, the one origin, and the CLIs finding it through the data folder.
 */
const repo = resolve(import.meta.dirname, '../..');
const tsx = join(repo, 'node_modules/.bin/tsx');
// In memory where the machine has it (as tests/setup/local-server.ts): the first start seeds the whole demo
// into DynamoDB Local on disk, several times slower on a disk-backed tmpdir.
const work = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'portal-runtime-'));
const dataDir = join(work, 'data');
let ports: LocalPorts;
let child: ChildProcess;

/** The environment without anything naming an instance, as a developer's shell has it. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_NO_WARNINGS: '1', LOG_LEVEL: 'silent', ...extra };
  for (const name of ['PORT', 'DYNAMODB_PORT', 'S3_PORT', 'SES_PORT', 'OIDC_PORT', 'SFTP_PORT', 'SQS_PORT', 'APP_URL', 'TABLE_NAME'])
    if (!(name in extra)) delete env[name];
  for (const name of ['DYNAMODB_ENDPOINT', 'SES_ENDPOINT', 'S3_ENDPOINT', 'SQS_ENDPOINT', 'IMPORT_QUEUE_URL']) delete env[name];
  return env;
}

beforeAll(async () => {
  mkdirSync(join(work, 'web/dist'), { recursive: true });
  writeFileSync(join(work, 'web/dist/index.html'), '<!doctype html><title>stub</title>');
  ports = {
    app: await freePort(),
    dynamodb: await freePort(),
    s3: await freePort(),
    ses: await freePort(),
    oidc: await freePort(),
    sftp: await freePort(),
    sqs: await freePort(),
  };
  const env = cleanEnv({
    PORT: String(ports.app),
    DYNAMODB_PORT: String(ports.dynamodb),
    S3_PORT: String(ports.s3),
    SES_PORT: String(ports.ses),
    OIDC_PORT: String(ports.oidc),
    SFTP_PORT: String(ports.sftp),
    SQS_PORT: String(ports.sqs),
    DATA_DIR: dataDir,
    SKIP_WEB_BUILD: '1',
  });
  // In a whole run, a copy of the run's seeded demo (tests/setup/seeded-demo.ts, ADR 138): this start keeps it,
  // as a developer's second start does. On its own, the start seeds the folder itself.
  await copySeededDemo(dataDir);
  child = spawn(tsx, [join(repo, 'scripts/local/start.ts')], { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Portal ready')) ready();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  // A first start seeds the whole demo into DynamoDB Local: minutes on a busy 2-core runner.
}, 300_000);

afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGINT');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  }
  rmSync(work, { recursive: true, force: true });
}, 20_000);

const appUrl = () => `http://localhost:${ports.app}`;

/** Resolves with 'open' when something accepts a TCP connection on host:port, else with the error code. */
const probe = (host: string, port: number) =>
  new Promise<string>((done) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      done('open');
    });
    socket.once('timeout', () => {
      socket.destroy();
      done('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
  });

describe('npm start on this machine only', () => {
  it('announces its ports and origin (no secrets) in the data folder while it runs', () => {
    const running = JSON.parse(readFileSync(join(dataDir, 'running.json'), 'utf8')) as RunningInstance;
    expect(running).toEqual({ pid: expect.any(Number), appUrl: appUrl(), ports });
  });

  it('serves the SFTP folder: the demo customer logs in with its seeded password and sees only its own folder', async () => {
    mkdirSync(join(dataDir, 'sftp', 'P-2001', 'reports'), { recursive: true });
    writeFileSync(join(dataDir, 'sftp', 'P-2001', 'reports', 'today.csv'), 'a,b\n');
    mkdirSync(join(dataDir, 'sftp', 'G-RETAIL'), { recursive: true });
    const names = await sftpSession(ports.sftp, DEMO_SFTP_LOGIN, async (sftp) =>
      [...(await list(sftp, '/')), ...(await list(sftp, '/reports'))].sort(),
    );
    expect(names).toEqual(['reports', 'today.csv']);
  });

  it('listens on loopback only: every port refuses connections on the other interfaces', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && !a.address.startsWith('fe80'))
      .map((a) => a!.address);
    for (const [name, port] of Object.entries(ports)) {
      expect([name, await probe('127.0.0.1', port)]).toEqual([name, 'open']);
      for (const address of others) expect([name, address, await probe(address, port)]).toEqual([name, address, 'ECONNREFUSED']);
    }
  });

  it('the local Microsoft sign-in page loads nothing from another host', async () => {
    const start = await fetch(`${appUrl()}/api/auth/sso?provider=Microsoft&app=ordering&callback=/sso-callback`, {
      headers: { 'X-Portal': 'ordering' },
    });
    const { url } = JSON.parse((await start.text()).slice(XSSI_PREFIX.length)) as { url: string };
    const authorize = await fetch(url, { redirect: 'manual' });
    const cookie = authorize.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(authorize.headers.get('location')!, url), { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('<form');
    expect(html).not.toContain('@import');
    const hosts = new Set([...html.matchAll(/(?:https?:)?\/\/([a-z0-9.-]+(?::\d+)?)/gi)].map((m) => m[1]));
    expect([...hosts].filter((h) => h !== `localhost:${ports.oidc}` && h !== `localhost:${ports.app}`)).toEqual([]);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('keeps one origin: Microsoft sign-in returns to it, reset links point to it, other names redirect to it', async () => {
    const start = await fetch(`${appUrl()}/api/auth/sso?provider=Microsoft&app=ordering&callback=/sso-callback`, {
      headers: { 'X-Portal': 'ordering' },
    });
    const { url } = JSON.parse((await start.text()).slice(XSSI_PREFIX.length)) as { url: string };
    expect(new URL(new URL(url).searchParams.get('redirect_uri')!).origin).toBe(appUrl());

    await fetch(`${appUrl()}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'X-Portal': 'ordering', 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'e2e.reset' }),
    });
    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i += 1) {
      const { emails } = (await (await fetch(`http://127.0.0.1:${ports.ses}/store`)).json()) as { emails: { body: { text?: string } }[] };
      link = emails.map((m) => /(\S+\/forgot-password\?token=\S+)/.exec(m.body.text ?? '')?.[1]).find(Boolean);
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    expect(new URL(link!).origin).toBe(appUrl());

    const moved = await fetch(`http://127.0.0.1:${ports.app}/app/orders?page=2`, { redirect: 'manual' });
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe(`${appUrl()}/app/orders?page=2`);
    expect((await fetch(`${appUrl()}/app/orders`, { redirect: 'manual' })).status).toBe(200);
  });
});

describe('imports on the stand-ins (ADR 069)', () => {
  it('a file dropped into the local reports bucket under imports/ is imported through the queue', async () => {
    const env = localEnv(ports, dataDir);
    const s3 = new S3Client({
      region: env.AWS_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: true,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    });
    const body = `${JSON.stringify({ customerGroupId: 'G-DROPPED', name: 'Dropped into the bucket' })}\n`;
    await s3.send(new PutObjectCommand({ Bucket: env.REPORTS_BUCKET, Key: 'imports/runtime/customerGroups.jsonl', Body: body }));
    s3.destroy();
    const { db } = createBackend(loadConfig(env));
    const status = async () =>
      (await listImportFiles(db, { owner: '' }, { limit: 20 })).items.find((f) => f.key === 'imports/runtime/customerGroups.jsonl')?.status;
    await expect.poll(status, { timeout: 30_000, interval: 200 }).toBe('done');
  }, 40_000);

  it("a file a customer writes over SFTP into its imports folder reaches the queue as Transfer Family's object would", async () => {
    await sftpSession(ports.sftp, DEMO_SFTP_LOGIN, async (sftp) => {
      await call<void>((cb) => sftp.mkdir('/imports', cb));
      await call<void>((cb) => sftp.writeFile('/imports/customerGroups.csv', 'customerGroupId,name\nG-SFTP,Over SFTP\n', cb));
    });
    const { db } = createBackend(loadConfig(localEnv(ports, dataDir)));
    // A customer's folder delivers transactions only: the file is refused whole, which shows it arrived.
    const imported = async () =>
      (await listImportFiles(db, { owner: 'P-2001' }, { limit: 20 })).items.map((f) => [f.key, f.status, f.problem]);
    await expect
      .poll(imported, { timeout: 30_000, interval: 200 })
      .toEqual([
        ['sftp/P-2001/imports/customerGroups.csv', 'rejected', "customerGroups.csv: a customer's folder delivers transactions only"],
      ]);
  }, 40_000);
});

describe('CLIs find the running npm start through its data folder', () => {
  const cli = (args: string[], env: NodeJS.ProcessEnv) => spawnSync(tsx, args, { cwd: repo, env, encoding: 'utf8', timeout: 60_000 });

  it('npm run admin and npm run import work without PORT; PORT set again still wins', () => {
    const shown = cli(['scripts/admin.ts', 'show-user', 'demo.retailer'], cleanEnv({ DATA_DIR: dataDir }));
    expect(shown.stderr).toContain(`at http://127.0.0.1:${ports.dynamodb}`);
    expect([shown.status, shown.stdout]).toEqual([0, expect.stringContaining('demo.retailer')]);

    const file = join(work, 'customerGroups.jsonl');
    writeFileSync(file, `${JSON.stringify({ customerGroupId: 'G-CLI', name: 'From the CLI' })}\n`);
    const imported = cli(['scripts/import.ts', file], cleanEnv({ DATA_DIR: dataDir }));
    // The load prints its plan first (lines, slice size, slices at once), then the file's report.
    expect([imported.status, imported.stdout.trim().split('\n').at(-1)]).toEqual([0, `${file}: 1 created, 0 updated, 0 rejected`]);

    const elsewhere = cli(
      ['scripts/admin.ts', 'show-user', 'demo.retailer'],
      cleanEnv({ DATA_DIR: dataDir, PORT: '9', DYNAMODB_PORT: '9' }),
    );
    expect(elsewhere.stderr).toContain('at http://127.0.0.1:9');
    expect(elsewhere.status).toBe(1);
  });
});
