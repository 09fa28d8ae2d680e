// The platform/sftp/ toolkit's face (ADR 060): what other workspaces import from it.
export {
  createSftpDelivery,
  type SftpDelivery,
  SftpDeliveryError,
  sftpDeliveryFromConfig,
  SftpNotConfiguredError,
} from './sftp-delivery.ts';
