import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSftpLogin } from '@portal/backend/sftp-users';
import { createRateLimiter } from '@portal/backend/platform/security';
import { describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../tests/support/test-backend.ts';

/**
 * Transfer Family's identity provider as AWS calls it: the Lambda handler, configured from its environment
 * (infra/sftp.ts), against DynamoDB Local. Wrong passwords lock the login name in the table, as the local
 * SFTP server's do (one decision for both, ADR 052): spread over 30 addresses, so the name's lock and not
 * the per-address window is what refuses the right password afterwards.
 */
const PASSWORD = 'Retail-Sftp-2026!';

describe('the SFTP identity provider Lambda', () => {
  it('refuses the right password while the name is locked after 30 wrong ones', async () => {
    const backend = await createTestBackend();
    await importOk(backend, 'customerGroups', [{ customerGroupId: 'G-RETAIL', name: 'Retail chains' }]);
    await importOk(backend, 'sftpUsers', [{ username: 'retail-sftp', customerId: 'G-RETAIL', password: PASSWORD }]);
    Object.assign(process.env, {
      STAGE: 'test',
      AWS_REGION: 'eu-central-1',
      TABLE_NAME: backend.config.TABLE_NAME,
      FILES_BUCKET: 'test-files',
      REPORTS_BUCKET: 'test-reports',
      MAIL_FROM: 'portal@example.com',
      APP_URL: 'http://localhost:3000',
      PASSWORD_HASH_COST: '12',
      TOTP_KEY_FILE: join(tmpdir(), `portal-test-totp-${process.pid}.key`),
      REPORT_LINK_KEY_FILE: join(tmpdir(), `portal-test-report-link-${process.pid}.key`),
      SFTP_PREFIX: 'sftp',
      SFTP_USER_ROLE_ARN: 'arn:aws:iam::123456789012:role/test-portal-SftpUserRole',
      SFTP_SERVICE_USER: 'portal-reports',
    });
    const { handler } = await import('./sftp-identity.ts');
    const login = (password: string, i: number) =>
      handler({ username: 'retail-sftp', password, protocol: 'SFTP', serverId: 's-1', sourceIp: `198.51.100.${i}` });

    expect(await login(PASSWORD, 200)).toMatchObject({ Role: 'arn:aws:iam::123456789012:role/test-portal-SftpUserRole' });
    for (let i = 0; i < 30; i++) expect(await login(`wrong-password-${i}`, i)).toEqual({});
    expect(await login(PASSWORD, 201)).toEqual({});
    const decision = createSftpLogin({
      db: backend.db,
      now: () => new Date(),
      rateLimiter: createRateLimiter(backend.db, () => new Date()),
      serviceUser: 'portal-reports',
    });
    expect(await decision.lockedUntil('retail-sftp')).not.toBeNull();
  });
});
