// The platform/files/test/ toolkit's face (ADR 060): what other workspaces import from it.
export { listKeys, S3_STAND_IN_CREDENTIALS, startS3StandIn } from './s3-stand-in.ts';
export { startLocalS3 } from './s3-verifying-front.ts';
