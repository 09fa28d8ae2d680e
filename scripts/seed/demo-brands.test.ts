import { join } from 'node:path';
import type { Backend } from '@portal/backend';
import { brandTexts } from '@portal/core/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { DEMO_DIR, importFile } from './seed.ts';

/**
 * The demo brands are data that goes through the import path (ADR 017): the MFA notice's
 * date comes from them, and they offer no questionnaire on a placeholder host (none is configured, so
 * the entry is hidden; a real brand sets `texts.<language>.questionnaireUrl`). The help card and the legal notice
 * are German or English by language (SPEC 9).
 */
let backend: Backend;

beforeAll(async () => {
  backend = await createTestBackend();
  const report = await importFile(backend, join(DEMO_DIR, 'brands.jsonl'));
  expect(report.errors).toEqual([]);
});

describe('demo brand settings', () => {
  it('carry the MFA activation date of each brand', async () => {
    expect((await backend.brands.forHost('localhost:4100')).customFields.mfaActivationDate).toBe('2027-03-01');
    expect((await backend.brands.forHost('west.localhost')).customFields.mfaActivationDate).toBe('2025-03-01');
  });

  it('give the West Coast brand its own prices: label, attribute prefix and time zone (ADR 089)', async () => {
    expect((await backend.brands.forHost('west.localhost:4100')).customFields).toMatchObject({
      priceLabel: 'MSRP',
      priceAttributePrefix: 'us_',
      priceChangeTimeZone: 'America/Los_Angeles',
    });
    // The default brand names none: the catalogue's translated heading and the plain prices.
    const plain = (await backend.brands.forHost('localhost:4100')).customFields;
    expect([plain.priceLabel, plain.priceAttributePrefix, plain.priceChangeTimeZone]).toEqual([undefined, undefined, undefined]);
  });

  it('point no questionnaire at a placeholder host', async () => {
    for (const host of ['localhost', 'west.localhost']) {
      const brand = await backend.brands.forHost(host);
      for (const texts of Object.values(brand.texts)) {
        const url = texts.questionnaireUrl;
        expect(url === undefined || !/\.example(\.|\/|$)|\.invalid|\.test/.test(new URL(url).hostname)).toBe(true);
      }
    }
  });

  it('offer the help card and legal notice in German and English, English to everyone else', async () => {
    const brand = await backend.brands.forHost('localhost');
    const names = (locale: string) => brandTexts(brand, locale).footerLinks.map((link) => link.name);
    expect(names('de-DE')).toEqual(['Hilfekarte', 'Impressum', 'Über uns']);
    expect(names('en-US')).toEqual(['Help card', 'Legal notice', 'About']);
    expect(names('pl-PL')).toEqual(names('en-US'));
    expect(names('fr-FR')).toEqual(names('en-US'));
  });
});
