import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Backend } from '@portal/backend';
import { loadConfig } from '@portal/backend/config';
import { createRateLimiter } from '@portal/backend/platform/security';
import { createSftpLogin } from '@portal/backend/sftp-users';
import { SFTP_PASSWORDS_PER_IP } from '@portal/backend/sftp-users/testing';
import {
  createSftpDelivery,
  type SftpDelivery,
  SftpDeliveryError,
  sftpDeliveryFromConfig,
  SftpNotConfiguredError,
} from '@portal/backend/platform/sftp';
import type { SFTPWrapper } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, list, read, type SftpLogin, sftpSession } from '../../tests/support/sftp-session.ts';
import { createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { sshKeyPair, startSftpStandIn } from './sftp-server.ts';

/**
 * The SFTP delivery port against the local SFTP stand-in, both speaking the real protocol: the portal's
 * service user puts files, customers fetch them with the ssh2 client and with OpenSSH's `sftp`, each
 * inside its own folder.
 */
const work = mkdtempSync(join(tmpdir(), 'sftp-test-'));
const customerKey = sshKeyPair();
const otherKey = sshKeyPair();
let standIn: Awaited<ReturnType<typeof startSftpStandIn>>;
let delivery: SftpDelivery;
let backend: Backend;
let clock = new Date('2026-11-28T09:00:00Z');
const RETAIL_PASSWORD = 'Retail-Sftp-2026!';

beforeAll(async () => {
  // Customers' logins are `sftpUsers` records, let in by the decision Transfer's identity provider takes (ADR 052).
  backend = await createTestBackend(() => clock);
  await importOk(backend, 'customerGroups', [{ customerGroupId: 'G-RETAIL', name: 'Retail chains' }]);
  await importOk(backend, 'providers', [{ customerId: 'P-2001', name: 'Aurora Digital' }]);
  await importOk(backend, 'sftpUsers', [
    { username: 'aurora-sftp', customerId: 'P-2001', publicKeys: [customerKey.public] },
    { username: 'retail-sftp', customerId: 'G-RETAIL', password: RETAIL_PASSWORD },
    { username: 'guarded-sftp', customerId: 'G-RETAIL', password: RETAIL_PASSWORD },
  ]);
  standIn = await startSftpStandIn(work, { db: backend.db, now: () => clock });
  delivery = await sftpDeliveryFromConfig(configWith(standIn.env));
});

afterAll(async () => {
  await standIn?.stop();
  rmSync(work, { recursive: true, force: true });
});

const configWith = (env: Record<string, string>) =>
  loadConfig({
    STAGE: 'test',
    TABLE_NAME: 'test-table',
    FILES_BUCKET: 'test-files',
    REPORTS_BUCKET: 'test-reports',
    MAIL_FROM: 'portal@example.com',
    APP_URL: 'http://localhost:3000',
    ...env,
  });

/** A customer's session at the stand-in. */
const session = <T>(login: SftpLogin, work: (sftp: SFTPWrapper) => Promise<T>) => sftpSession(standIn.port, login, work);
const aurora = { username: 'aurora-sftp', privateKey: customerKey.private };

describe('SFTP delivery against the local SFTP server', () => {
  it('puts a file into a new folder; the customer lists and downloads it from its own root', async () => {
    const body = Buffer.from('date,amount\n2026-11-24,15.00\n');
    await expect(delivery.put({ remoteDir: 'P-2001/reports/daily', fileName: 'sales 2026-11-24.csv', body })).resolves.toEqual({
      path: 'P-2001/reports/daily/sales 2026-11-24.csv',
    });
    await session(aurora, async (sftp) => {
      expect(await list(sftp, '/reports/daily')).toEqual(['sales 2026-11-24.csv']);
      expect(await read(sftp, '/reports/daily/sales 2026-11-24.csv')).toEqual(body);
      expect(await call<string>((cb) => sftp.realpath('.', cb))).toBe('/');
    });
    // Putting the same name again replaces the file (the server refuses a plain rename over it).
    await delivery.put({ remoteDir: '/P-2001/reports/daily/', fileName: 'sales 2026-11-24.csv', body: Buffer.from('v2') });
    await session(aurora, async (sftp) => expect((await read(sftp, 'reports/daily/sales 2026-11-24.csv')).toString()).toBe('v2'));
  });

  it('keeps a customer in its own folder: parent paths and absolute paths stay under its root', async () => {
    await delivery.put({ remoteDir: 'G-RETAIL', fileName: 'secret.csv', body: Buffer.from('not for aurora') });
    writeFileSync(join(work, 'outside.txt'), 'outside the tree');
    await session(aurora, async (sftp) => {
      expect(await list(sftp, '/')).not.toContain('G-RETAIL');
      expect(await list(sftp, '/../..')).toEqual(await list(sftp, '/'));
      for (const path of ['../G-RETAIL/secret.csv', '/../G-RETAIL/secret.csv', '../../outside.txt', '/etc/passwd'])
        await expect(read(sftp, path), path).rejects.toMatchObject({ code: 2 });
      await expect(call((cb) => sftp.symlink('/', 'loop', cb))).rejects.toMatchObject({ code: 8 });
      // A write to '../x' lands inside its own root, not next to it.
      await call((cb) => sftp.writeFile('../../escaped.txt', 'x', cb));
    });
    expect(existsSync(join(standIn.tree, 'P-2001', 'escaped.txt'))).toBe(true);
    expect(existsSync(join(work, 'escaped.txt'))).toBe(false);
    // The other customer (password login) sees its file and nothing of P-2001.
    await session({ username: 'retail-sftp', password: 'Retail-Sftp-2026!' }, async (sftp) => {
      expect((await read(sftp, 'secret.csv')).toString()).toBe('not for aurora');
      expect(await list(sftp, '/')).toEqual(['secret.csv']); // ssh2's readdir leaves out '.' and '..'
    });
    await expect(session({ username: 'retail-sftp', password: 'wrong-password-1' }, async () => {})).rejects.toMatchObject({
      level: 'client-authentication',
    });
  });

  it('locks a login name after wrong passwords as the AWS identity provider does: the right one is refused while locked (ADR 052)', async () => {
    const start = new Date('2026-11-28T10:00:00Z');
    clock = start;
    const refused = { level: 'client-authentication' };
    let wrong = 0;
    for (let i = 0; i < 30; i++) {
      await session({ username: 'guarded-sftp', password: `wrong-password-${i}` }, async () => {}).catch((error: { level?: string }) => {
        if (error.level === refused.level) wrong += 1;
      });
    }
    expect(wrong).toBe(30);
    await expect(session({ username: 'guarded-sftp', password: RETAIL_PASSWORD }, async () => {})).rejects.toMatchObject(refused);
    // The name is locked in the table, by the login guard the identity provider uses (not by this server).
    const decision = createSftpLogin({
      db: backend.db,
      now: () => clock,
      rateLimiter: createRateLimiter(backend.db, () => clock),
      serviceUser: 'portal',
    });
    expect((await decision.lockedUntil('guarded-sftp'))?.getTime()).toBeGreaterThan(start.getTime());
    // A key login of a customer is not held back by someone's password guessing.
    await session(aurora, async () => {});
    // Once the lock and the address's window are over, the right password is let in again.
    clock = new Date(start.getTime() + SFTP_PASSWORDS_PER_IP.windowSeconds * 1000 + 60_000);
    expect(await decision.lockedUntil('guarded-sftp')).toBeNull();
    await session({ username: 'guarded-sftp', password: RETAIL_PASSWORD }, async (sftp) =>
      expect(await list(sftp, '/')).toContain('secret.csv'),
    );
  });

  it("refuses '..', absolute escapes and odd names before connecting", async () => {
    for (const [remoteDir, fileName] of [
      ['P-2001/../G-RETAIL', 'x.csv'],
      ['..', 'x.csv'],
      ['//etc', 'x.csv'],
      ['P-2001\\..', 'x.csv'],
      ['P-2001', '../x.csv'],
      ['P-2001', '.hidden'],
      ['P-2001', 'a\nb.csv'],
      ['P-2001', ''],
      ['P-2001/./x', 'x.csv'],
    ])
      await expect(
        delivery.put({ remoteDir: remoteDir!, fileName: fileName!, body: Buffer.from('x') }),
        `${remoteDir} ${fileName}`,
      ).rejects.toMatchObject({
        code: 'SFTP.BAD_PATH',
        retryable: false,
      });
  });

  it('refuses a server whose host key is not the pinned one, and a key the server does not know', async () => {
    const endpoint = {
      host: '127.0.0.1',
      port: standIn.port,
      username: 'portal',
      privateKey: standIn.keys.serviceKey,
      hostKeySha256: standIn.env.SFTP_HOST_KEY_SHA256,
    };
    const otherHost = createHash('sha256').update('another host').digest('base64').replace(/=+$/, '');
    const put = (d: SftpDelivery) => d.put({ remoteDir: 'P-2001', fileName: 'never.csv', body: Buffer.from('x') });
    await expect(put(createSftpDelivery({ ...endpoint, hostKeySha256: `SHA256:${otherHost}` }))).rejects.toThrow(/host key does not match/);
    await expect(put(createSftpDelivery({ ...endpoint, privateKey: otherKey.private }))).rejects.toMatchObject({
      message: expect.stringMatching(/refused the key/),
      retryable: false,
    });
    await expect(put(createSftpDelivery({ ...endpoint, username: 'nobody' }))).rejects.toBeInstanceOf(SftpDeliveryError);
    expect(existsSync(join(standIn.tree, 'P-2001', 'never.csv'))).toBe(false);
  });

  it('retries a refused connection a bounded number of times, then fails as retryable', async () => {
    const closed = createSftpDelivery(
      {
        host: '127.0.0.1',
        port: 1,
        username: 'portal',
        privateKey: standIn.keys.serviceKey,
        hostKeySha256: standIn.env.SFTP_HOST_KEY_SHA256,
      },
      { connectAttempts: 2, retryDelayMs: 10 },
    );
    await expect(closed.put({ remoteDir: 'P-2001', fileName: 'x.csv', body: Buffer.from('x') })).rejects.toMatchObject({
      code: 'SFTP.FAILED',
      retryable: true,
    });
  });

  it('fails as retryable, without crashing or leaving the file, when the connection drops mid-transfer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sftp-drop-'));
    const server = await startSftpStandIn(dir);
    try {
      const dropping = await sftpDeliveryFromConfig(configWith(server.env));
      let sent = 0;
      const body = new Readable({
        read() {
          sent += 1;
          if (sent === 3) void server.stop(); // the server goes away after the first chunks
          setTimeout(() => this.push(sent > 50 ? null : Buffer.alloc(64 * 1024, 1)), 5);
        },
      });
      await expect(dropping.put({ remoteDir: 'P-2001', fileName: 'cut.csv', body })).rejects.toMatchObject({
        code: 'SFTP.FAILED',
        retryable: true,
      });
      expect(existsSync(join(server.tree, 'P-2001', 'cut.csv'))).toBe(false);
    } finally {
      await server.stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers "SFTP not configured" when no SFTP settings are given', async () => {
    const none = await sftpDeliveryFromConfig(configWith({}));
    await expect(none.put({ remoteDir: 'P-2001', fileName: 'x.csv', body: Buffer.from('x') })).rejects.toBeInstanceOf(
      SftpNotConfiguredError,
    );
    expect(() => configWith({ SFTP_HOST: '127.0.0.1' })).toThrow(/go together/);
  });

  it('writes under a temporary name and renames: a reader never sees the file half written', async () => {
    let release!: () => void;
    const halfway = new Promise<void>((r) => (release = r));
    let sent = 0;
    const body = new Readable({
      async read() {
        if (sent === 1) await halfway; // the first chunk is out; hold the rest until the folder was looked at
        if (sent === 4) return this.push(null);
        sent += 1;
        this.push(Buffer.alloc(64 * 1024, sent));
      },
    });
    const done = delivery.put({ remoteDir: 'P-2001/atomic', fileName: 'big.csv', body, size: 4 * 64 * 1024 });
    await session(aurora, async (sftp) => {
      for (;;) {
        const names = await list(sftp, '/atomic').catch(() => [] as string[]);
        if (names.some((n) => n.endsWith('.part'))) {
          expect(names).not.toContain('big.csv');
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      release();
      await done;
      expect(await list(sftp, '/atomic')).toEqual(['big.csv']);
      expect((await read(sftp, '/atomic/big.csv')).length).toBe(4 * 64 * 1024);
    });
  });

  it('streams 50 MB with memory bounded, and the customer downloads it with OpenSSH sftp', async () => {
    const chunk = 1024 * 1024;
    const total = 50;
    let n = 0;
    const hash = createHash('sha256');
    const body = new Readable({
      read() {
        if (n === total) return this.push(null);
        const part = Buffer.alloc(chunk, n++ % 251);
        hash.update(part);
        this.push(part);
      },
    });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    await delivery.put({ remoteDir: 'P-2001/large', fileName: 'fifty.bin', body, size: total * chunk });
    const ms = performance.now() - started;
    clearInterval(sampler);
    // Server and client in this one process, together below the file's size (a 200 MB put grows it by the
    // same ~40 MB: scripts/bench/sftp.ts), so nothing holds the whole file.
    expect(peak - before).toBeLessThan(total * chunk);
    console.log(`sftp put 50 MB: ${Math.round(ms)} ms, rss +${Math.round((peak - before) / 1024 / 1024)} MB`);

    const sftpCli = spawnSync('sftp', ['-V']);
    if (sftpCli.error) return; // no OpenSSH client on this machine: the ssh2 client checks above stand
    const keyFile = join(work, 'aurora_key');
    writeFileSync(keyFile, customerKey.private, { mode: 0o600 });
    const knownHosts = join(work, 'known_hosts');
    const hostPub = readFileSync(join(work, 'sftp-keys', 'host_ed25519.pub'), 'utf8')
      .trim()
      .split(' ')
      .slice(0, 2)
      .join(' ');
    writeFileSync(knownHosts, `[127.0.0.1]:${standIn.port} ${hostPub}\n`);
    const batch = join(work, 'batch');
    const downloaded = join(work, 'fifty.bin');
    writeFileSync(batch, `ls -l /large\nget /large/fifty.bin ${downloaded}\nput ${keyFile}.pub /large/from-cli.txt\nls /large\n`);
    writeFileSync(`${keyFile}.pub`, customerKey.public);
    // Asynchronously: the server answering it runs in this process.
    const cli = await promisify(execFile)(
      'sftp',
      [
        '-b',
        batch,
        '-i',
        keyFile,
        '-P',
        String(standIn.port),
        '-o',
        `UserKnownHostsFile=${knownHosts}`,
        '-o',
        'StrictHostKeyChecking=yes',
        '-o',
        'BatchMode=yes',
        '-o',
        'IdentitiesOnly=yes',
        'aurora-sftp@127.0.0.1',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(cli.stdout).toContain('fifty.bin');
    expect(cli.stdout).toContain('from-cli.txt');
    expect(createHash('sha256').update(readFileSync(downloaded)).digest('hex')).toBe(hash.digest('hex'));
  }, 120_000);
});
