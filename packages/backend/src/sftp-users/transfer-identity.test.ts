import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import { createRateLimiter } from '../platform/security/rate-limiter.ts';
import { FAILURES_PER_LOCK } from '../accounts/testing.ts';
import { SFTP_PASSWORDS_PER_IP } from './sftp-login.ts';
import { createTransferIdentityProvider, type TransferIdentity } from './transfer-identity.ts';

/**
 * Transfer Family's custom identity provider (ADR 039 addendum) answers from the `sftpUsers` records the
 * local SFTP server reads: key and password logins, each chrooted to its customer's folder.
 */
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHJvB7gqvZk7q8f3yZ0m2cQn5m6yR0aQ3k6m4a1sT2Xb someone@laptop';
const SERVICE_KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGn0tR3alKeyJustT3stData0nlyABCDEFGHIJKLMNOPQ portal-reports';
const ROLE = 'arn:aws:iam::123456789012:role/prod-portal-SftpUserRole';
const PASSWORD = 'Retail-Sftp-2026!';

let backend: Backend;
let now = new Date('2026-11-25T08:00:00Z');
let provider: ReturnType<typeof createTransferIdentityProvider>;

beforeAll(async () => {
  backend = await createTestBackend(() => now);
  await importOk(backend, 'customerGroups', [{ customerGroupId: 'G-RETAIL', name: 'Retail chains' }]);
  await importOk(backend, 'providers', [{ customerId: 'P-2001', name: 'Aurora Digital' }]);
  await importOk(backend, 'sftpUsers', [
    { username: 'aurora-sftp', customerId: 'P-2001', publicKeys: [KEY] },
    { username: 'retail-sftp', customerId: 'G-RETAIL', password: PASSWORD },
  ]);
  provider = createTransferIdentityProvider({
    db: backend.db,
    now: () => now,
    rateLimiter: createRateLimiter(backend.db, () => now),
    passwordHashCost: 12,
    settings: { bucket: 'prod-reports', prefix: 'sftp', roleArn: ROLE, serviceUser: 'portal-reports', servicePublicKey: SERVICE_KEY },
  });
});

const login = (username: string, password?: string, sourceIp = '198.51.100.7') =>
  provider.authenticate({
    username,
    ...(password === undefined ? {} : { password }),
    protocol: 'SFTP',
    serverId: 's-1234567890abcdef0',
    sourceIp,
  });

describe('the SFTP identity provider for Transfer Family', () => {
  it("answers a key login with the user's keys, its customer's folder as the logical root and a policy for that folder only", async () => {
    const answer = (await login('aurora-sftp', '')) as TransferIdentity;
    expect(answer).toMatchObject({ Role: ROLE, HomeDirectoryType: 'LOGICAL', PublicKeys: [KEY] });
    expect(JSON.parse(answer.HomeDirectoryDetails)).toEqual([{ Entry: '/', Target: '/prod-reports/sftp/P-2001' }]);
    const policy = JSON.stringify(JSON.parse(answer.Policy));
    expect(policy).toContain('arn:aws:s3:::prod-reports/sftp/P-2001/*');
    expect(policy).not.toContain('sftp/*');
  });

  it('answers a right password with the folder (no keys) and denies a wrong one, an unknown user and a key user by password', async () => {
    const answer = (await login('retail-sftp', PASSWORD)) as TransferIdentity;
    expect(answer.Role).toBe(ROLE);
    expect(answer.PublicKeys).toBeUndefined();
    expect(JSON.parse(answer.HomeDirectoryDetails)).toEqual([{ Entry: '/', Target: '/prod-reports/sftp/G-RETAIL' }]);
    expect(await login('retail-sftp', 'Retail-Sftp-2025!')).toEqual({});
    expect(await login('nobody-here', PASSWORD)).toEqual({});
    expect(await login('aurora-sftp', PASSWORD)).toEqual({});
    // A password user offering a key gets no keys to match: denied.
    expect(await login('retail-sftp', '')).toEqual({});
  });

  it("gives the portal's service user the whole prefix, by key only", async () => {
    const answer = (await login('portal-reports')) as TransferIdentity;
    expect(answer.PublicKeys).toEqual([SERVICE_KEY]);
    expect(JSON.parse(answer.HomeDirectoryDetails)).toEqual([{ Entry: '/', Target: '/prod-reports/sftp' }]);
    expect(await login('portal-reports', 'any password')).toEqual({});
  });

  it('denies malformed requests and names that are no login names, without throwing', async () => {
    for (const event of [
      null,
      'x',
      {},
      { username: 42 },
      { username: '../etc' },
      { username: 'A'.repeat(200) },
      { username: 'Retail-SFTP', password: PASSWORD },
    ]) {
      expect(await provider.authenticate(event)).toEqual({});
    }
  });

  it('locks a login name after 5 wrong passwords as the portal sign-in does: the right one is refused until the lock ends (ADR 052)', async () => {
    now = new Date('2026-11-25T09:00:00Z');
    for (let i = 0; i < FAILURES_PER_LOCK; i++) expect(await login('retail-sftp', `wrong-${i}-password`, `203.0.113.${i}`)).toEqual({});
    expect(await login('retail-sftp', PASSWORD, '203.0.113.200')).toEqual({});
    now = new Date(now.getTime() + 61_000);
    expect((await login('retail-sftp', PASSWORD, '203.0.113.201')) as TransferIdentity).toMatchObject({ Role: ROLE });
    // A success clears the budget: a right password now and then never adds up to a lock.
    for (let i = 0; i < FAILURES_PER_LOCK + 2; i++)
      expect(await login('retail-sftp', PASSWORD, '203.0.113.202')).toMatchObject({ Role: ROLE });
  });

  it('limits password attempts per source address over every name, the right password included', async () => {
    now = new Date('2026-11-25T11:00:00Z');
    const ip = '192.0.2.99';
    for (let i = 0; i < SFTP_PASSWORDS_PER_IP.limit; i++) await login(`guess-${String(i).padStart(2, '0')}-name`, 'some password', ip);
    expect(await login('retail-sftp', PASSWORD, ip)).toEqual({});
    expect(await login('retail-sftp', PASSWORD, '192.0.2.100')).toMatchObject({ Role: ROLE });
  });
});
