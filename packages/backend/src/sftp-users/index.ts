// The sftp-users domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { createSftpLogin, type SftpAccess } from './sftp-login.ts';
export { importSftpUser, SftpUserImport } from './sftp-user-entity.ts';
export { createTransferIdentityProvider } from './transfer-identity.ts';
