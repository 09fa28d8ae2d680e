import { unboundedLeaves } from '@portal/core/shared';
import { describe, expect, it } from 'vitest';
import { createTestBackend } from '../../../../tests/support/test-backend.ts';
import { getAccount } from '../accounts/index.ts';
import { getBrand } from '../brands/index.ts';
import { getSftpUser } from '../sftp-users/testing.ts';
import { IMPORT_KINDS, importSchemaOf } from './import-service.ts';

/**
 * Every field of every import kind has a length bound (ADR 052): a line over one is a line error, and
 * nothing of it is stored. The guardrail walks the kinds' zod schemas, so a kind added later is held to it.
 */
describe('import kinds', () => {
  it('bound every string, array and record of every kind', () => {
    const unbounded = IMPORT_KINDS.flatMap((kind) => unboundedLeaves(importSchemaOf(kind)).map((leaf) => `${kind} ${leaf}`));
    expect(unbounded).toEqual([]);
  });

  it('turn a too-long field into a line error and store nothing of that line', async () => {
    const backend = await createTestBackend();
    const account = (username: string, extra: object = {}) => ({
      username,
      password: 'Import-Bounds-2026!',
      email: `${username}@example.com`,
      ...extra,
    });
    const accounts = await backend.imports.importRecords('accounts', [
      { line: 1, data: account('fits.well') },
      // RFC 5321: a path is at most 256 octets with its brackets, so an address at most 254 characters.
      { line: 2, data: account('long.mail', { email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}.com` }) },
      { line: 3, data: account('long.dir', { ftpUploadDir: 'x'.repeat(256) }) },
      { line: 4, data: account('many.ips', { ipAllowlist: Array.from({ length: 101 }, (_, i) => `10.0.${i}.1`) }) },
      { line: 5, data: account('long.pass', { password: `Aa1!${'x'.repeat(300)}` }) },
      { line: 6, data: account('big.settings', { fileSettings: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }) },
    ]);
    expect(accounts.created).toBe(1);
    expect(accounts.errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6]);
    expect(accounts.errors[0]!.reason).toMatch(/^email: /);
    for (const username of ['long.mail', 'long.dir', 'many.ips', 'long.pass', 'big.settings'])
      expect(await getAccount(backend.db, username)).toBeNull();
    expect(await getAccount(backend.db, 'fits.well')).not.toBeNull();

    const brands = await backend.imports.importRecords('brands', [
      { line: 1, data: { id: 'long-brand', name: 'N'.repeat(201), layout: 'default', footerLinks: [], customFields: {} } },
    ]);
    expect(brands.errors).toEqual([{ line: 1, reason: expect.stringMatching(/^name: /) }]);
    expect(await getBrand(backend.db, 'long-brand')).toBeNull();

    await backend.imports.importRecords('customerGroups', [{ line: 1, data: { customerGroupId: 'G-B1', name: 'Bounds' } }]);
    const sftp = await backend.imports.importRecords('sftpUsers', [
      { line: 1, data: { username: 'long-key', customerId: 'G-B1', publicKeys: [`ssh-ed25519 ${'A'.repeat(9000)}`] } },
    ]);
    expect(sftp.errors.map((e) => e.line)).toEqual([1]);
    expect(await getSftpUser(backend.db, 'long-key')).toBeNull();
  });
});
