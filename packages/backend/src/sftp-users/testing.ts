// What tests outside the sftp-users domain use of it and no other code does (ADR 060): items to set up or read back, limits to assert on.
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
export { SFTP_PASSWORDS_PER_IP } from './sftp-login.ts';
export { getSftpUser } from './sftp-user-entity.ts';
