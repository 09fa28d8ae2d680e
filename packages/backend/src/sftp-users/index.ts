// The sftp-users domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { createSftpLogin, SFTP_PASSWORDS_PER_IP, type SftpAccess } from './sftp-login.ts';
export { getSftpUser, importSftpUser, SftpUserImport } from './sftp-user-entity.ts';
export { createTransferIdentityProvider } from './transfer-identity.ts';
