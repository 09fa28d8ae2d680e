import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk, importRefused } from '../../../../tests/support/test-backend.ts';
import { verifyPassword } from '../platform/security/password-hash.ts';
import { getSftpUser } from './sftp-user-entity.ts';

// A bare private-key header (no key body), assembled so the secret scan (ADR 022) sees no key block in the source.
const PRIVATE_KEY_HEADER = ['-----BEGIN OPENSSH', 'PRIVATE KEY-----'].join(' ');

/** Customers' SFTP logins come from data (ADR 039): the `sftpUsers` import kind, read by the local SFTP server. */
let backend: Backend;
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHJvB7gqvZk7q8f3yZ0m2cQn5m6yR0aQ3k6m4a1sT2Xb someone@laptop';

beforeAll(async () => {
  backend = await createTestBackend();
  await importOk(backend, 'customerGroups', [{ customerGroupId: 'G-RETAIL', name: 'Retail chains' }]);
  await importOk(backend, 'providers', [{ customerId: 'P-2001', name: 'Aurora Digital' }]);
});

describe('the sftpUsers import kind', () => {
  it("stores a customer's or a customer group's login with its keys and a hashed password; re-importing updates", async () => {
    const report = await backend.imports.importRecords('sftpUsers', [
      { line: 1, data: { username: 'aurora-sftp', customerId: 'P-2001', publicKeys: [KEY] } },
      { line: 2, data: { username: 'retail-sftp', customerId: 'G-RETAIL', password: 'Retail-Sftp-2026!' } },
    ]);
    expect(report).toMatchObject({ created: 2, updated: 0, errors: [] });
    expect(await getSftpUser(backend.db, 'aurora-sftp')).toEqual({ username: 'aurora-sftp', customerId: 'P-2001', publicKeys: [KEY] });
    const retail = await getSftpUser(backend.db, 'retail-sftp');
    expect(retail?.passwordHash).not.toContain('Retail-Sftp-2026!');
    expect(await verifyPassword('Retail-Sftp-2026!', retail!.passwordHash!)).toBe(true);
    await importOk(backend, 'sftpUsers', [
      { username: 'aurora-sftp', customerId: 'P-2001', publicKeys: [KEY, KEY.replace('someone', 'other')] },
    ]);
    expect((await getSftpUser(backend.db, 'aurora-sftp'))?.publicKeys).toHaveLength(2);
    expect(await getSftpUser(backend.db, 'nobody')).toBeNull();
  });

  it('refuses lines without a way to log in, with a bad key, a bad name or an unknown customer, by line', async () => {
    const refused = await importRefused(backend, 'sftpUsers', [
      { line: 1, data: { username: 'no-auth', customerId: 'P-2001' } },
      { line: 2, data: { username: 'bad-key', customerId: 'P-2001', publicKeys: [PRIVATE_KEY_HEADER] } },
      { line: 3, data: { username: '../root', customerId: 'P-2001', password: 'Long-enough-2026!' } },
      { line: 4, data: { username: 'ghost', customerId: 'P-9999', password: 'Long-enough-2026!' } },
      { line: 5, data: { username: 'short-pw', customerId: 'P-2001', password: 'short' } },
    ]);
    expect(refused).toEqual([
      [1, 'publicKeys'],
      [2, 'publicKeys.0'],
      [3, 'username'],
      [4, 'customerId'],
      [5, 'password'],
    ]);
  });
});
