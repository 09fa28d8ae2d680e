import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../../config.ts';
import { errorField } from '../error-fields.ts';

type KeySettings = Pick<Config, 'REPORT_LINK_KEY' | 'REPORT_LINK_KEY_FILE'>;

/**
 * The stage's server secret: REPORT_LINK_KEY (on AWS a generated Secrets Manager secret, ADR 042; locally
 * REPORT_LINK_KEY_FILE, a random key made on first use). Read on first use. The report mails sign their
 * links with it as it is; any other use takes a key derived for its purpose (`purposeKey`), so no two uses
 * share key material (ADR 052).
 */
export function stageKey(config: KeySettings): Buffer {
  if (config.REPORT_LINK_KEY) return Buffer.from(config.REPORT_LINK_KEY, 'utf8');
  const file = config.REPORT_LINK_KEY_FILE;
  if (!file) throw new Error('Neither REPORT_LINK_KEY nor REPORT_LINK_KEY_FILE is configured: nothing can be signed or sealed');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if (errorField(error, 'code') !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

/** A 32-byte key for one purpose (HKDF-SHA256 over the stage key, the purpose as its info). */
export function purposeKey(config: KeySettings, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', stageKey(config), Buffer.alloc(0), purpose, 32));
}
