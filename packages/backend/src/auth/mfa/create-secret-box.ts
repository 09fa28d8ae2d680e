import type { Config } from '../../config.ts';
import { fileSecretBox, kmsSecretBox, type SecretBox } from './secret-box.ts';

/**
 * The KMS key when the stage has one, else the local key file. A process given neither (the report
 * runner needs no TOTP) gets a box that says what is missing the moment anything tries to use it.
 */
export function createSecretBox(config: Pick<Config, 'TOTP_KMS_KEY_ID' | 'TOTP_KEY_FILE' | 'AWS_REGION'>): SecretBox {
  if (config.TOTP_KMS_KEY_ID) return kmsSecretBox({ keyId: config.TOTP_KMS_KEY_ID, region: config.AWS_REGION });
  if (config.TOTP_KEY_FILE) return fileSecretBox(config.TOTP_KEY_FILE);
  const missing = async (): Promise<never> => {
    throw new Error('Neither TOTP_KMS_KEY_ID nor TOTP_KEY_FILE is configured: TOTP secrets cannot be used');
  };
  return { encrypt: missing, decrypt: missing };
}
