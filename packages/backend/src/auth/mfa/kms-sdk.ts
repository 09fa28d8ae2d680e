// The part of the KMS SDK the secret box uses, imported with import() on first use. A module of its own
// so the bundler keeps only these: import('@aws-sdk/client-kms') would keep every command of the client.
export { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
