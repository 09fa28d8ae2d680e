import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSecretBox, kmsSecretBox } from './secret-box.ts';

describe('local key file box', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'box-')), 'totp.key');

  it('round-trips, never stores the plain text, and binds the ciphertext to its owner', async () => {
    const box = fileSecretBox(file);
    const sealed = await box.encrypt('JBSWY3DPEHPK3PXP', 'anna');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(await box.decrypt(sealed, 'anna')).toBe('JBSWY3DPEHPK3PXP');
    await expect(box.decrypt(sealed, 'bob')).rejects.toThrow();
    // The same file gives the same key to a new process.
    expect(await fileSecretBox(file).decrypt(sealed, 'anna')).toBe('JBSWY3DPEHPK3PXP');
  });
});

// KMS exists only on AWS: the adapter is checked against a mocked client (ARCHITECTURE convention 9).
describe('KMS box', () => {
  const kms = mockClient(KMSClient);
  afterEach(() => kms.reset());

  it('encrypts and decrypts with the stage key and an encryption context naming purpose and owner', async () => {
    kms.on(EncryptCommand).resolves({ CiphertextBlob: Buffer.from('sealed-by-kms') });
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from('JBSWY3DPEHPK3PXP') });
    const box = kmsSecretBox({ keyId: 'arn:aws:kms:eu-central-1:123456789012:key/abc', region: 'eu-central-1' });
    const sealed = await box.encrypt('JBSWY3DPEHPK3PXP', 'anna');
    expect(sealed).toBe(`kms:${Buffer.from('sealed-by-kms').toString('base64')}`);
    expect(await box.decrypt(sealed, 'anna')).toBe('JBSWY3DPEHPK3PXP');
    const context = { purpose: 'totp-secret', owner: 'anna' };
    expect(kms.commandCalls(EncryptCommand)[0]!.args[0].input).toMatchObject({
      KeyId: 'arn:aws:kms:eu-central-1:123456789012:key/abc',
      EncryptionContext: context,
    });
    expect(kms.commandCalls(DecryptCommand)[0]!.args[0].input).toMatchObject({ EncryptionContext: context });
  });
});
