import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { lazy } from '../../platform/lazy.ts';

/**
 * Encrypts TOTP secrets at rest (ADR 012): with a KMS key on AWS, with a local key file in local mode.
 * Both bind the ciphertext to its purpose and owner (KMS encryption context / GCM associated data), so a
 * secret copied onto another account does not decrypt.
 */
export interface SecretBox {
  encrypt(plain: string, owner: string): Promise<string>;
  decrypt(cipher: string, owner: string): Promise<string>;
}

/** KMS with the stage key; the SDK client is loaded and made on first use (MFA only, not at cold start). */
export function kmsSecretBox(options: { keyId: string; region: string; endpoint?: string }): SecretBox {
  const client = lazy(async () => {
    const { DecryptCommand, EncryptCommand, KMSClient } = await import('./kms-sdk.ts');
    const kms = new KMSClient({ region: options.region, ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
    return { kms, DecryptCommand, EncryptCommand };
  });
  const context = (owner: string) => ({ purpose: 'totp-secret', owner });
  return {
    async encrypt(plain, owner) {
      const { kms, EncryptCommand } = await client();
      const res = await kms.send(
        new EncryptCommand({
          KeyId: options.keyId,
          Plaintext: Buffer.from(plain, 'utf8'),
          EncryptionContext: context(owner),
        }),
      );
      return `kms:${Buffer.from(res.CiphertextBlob!).toString('base64')}`;
    },
    async decrypt(cipher, owner) {
      const { kms, DecryptCommand } = await client();
      const res = await kms.send(
        new DecryptCommand({
          KeyId: options.keyId,
          CiphertextBlob: Buffer.from(cipher.replace(/^kms:/, ''), 'base64'),
          EncryptionContext: context(owner),
        }),
      );
      return Buffer.from(res.Plaintext!).toString('utf8');
    },
  };
}

/** AES-256-GCM with a 32-byte key kept in a file (created on first use, readable by the owner only). */
export function fileSecretBox(keyFile: string): SecretBox {
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true });
    writeFileSync(keyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  const key = Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${keyFile} must hold a base64 32-byte key`);
  const aad = (owner: string) => Buffer.from(`totp-secret:${owner}`, 'utf8');
  return {
    async encrypt(plain, owner) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(owner));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `gcm:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    async decrypt(cipherText, owner) {
      const raw = Buffer.from(cipherText.replace(/^gcm:/, ''), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(aad(owner));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
