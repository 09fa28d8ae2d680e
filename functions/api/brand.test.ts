import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson } from '../../tests/support/api.ts';
import { createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/** GET /api/brand carries the brand's texts per language, English required (SPEC 9; ADR 006 addendum). */
let backend: Backend;
let app: ReturnType<typeof createApp>;

const help = (name: string, language: string) => ({ name, href: `https://help.example.org/card-${language}.pdf` });
const brandOf = async (host: string) => readJson(await app.request('/api/brand', { headers: { 'X-Portal': 'ordering', Host: host } }));

beforeAll(async () => {
  backend = await createTestBackend();
  app = createApp(backend, () => undefined);
  await importOk(backend, 'brands', [
    {
      id: 'default',
      name: 'Cards',
      layout: 'default',
      texts: {
        en: { footerLinks: [help('Help card', 'en')], questionnaireUrl: 'https://survey.example.org/en' },
        de: { footerLinks: [help('Hilfekarte', 'de'), { name: 'Impressum', href: 'https://cards.example.org/impressum' }] },
      },
      customFields: {},
    },
    // A brand file of the former one-language shape: its links and questionnaire become the English entry.
    {
      id: 'legacy',
      name: 'Legacy',
      layout: 'default',
      hosts: ['legacy.example.org'],
      footerLinks: [help('Help card', 'en')],
      customFields: { questionnaireUrl: 'https://survey.example.org/legacy', priceLabel: 'Price' },
    },
  ]);
}, 120_000);

describe('brand texts by language', () => {
  it('serves every language the brand wrote', async () => {
    expect(await brandOf('cards.example.org')).toMatchObject({
      texts: {
        en: { footerLinks: [help('Help card', 'en')], questionnaireUrl: 'https://survey.example.org/en' },
        de: { footerLinks: [help('Hilfekarte', 'de'), { name: 'Impressum' }] },
      },
    });
  });

  it('reads a brand of the former shape as English', async () => {
    expect(await brandOf('legacy.example.org')).toEqual({
      id: 'legacy',
      name: 'Legacy',
      layout: 'default',
      texts: { en: { footerLinks: [help('Help card', 'en')], questionnaireUrl: 'https://survey.example.org/legacy' } },
      customFields: { priceLabel: 'Price' },
    });
  });

  it('rejects a brand without English texts or with a language the portals do not speak', async () => {
    const report = await backend.imports.importRecords('brands', [
      { line: 1, data: { id: 'no-en', name: 'N', layout: 'default', texts: { de: { footerLinks: [] } }, customFields: {} } },
      {
        line: 2,
        data: { id: 'es', name: 'E', layout: 'default', texts: { en: { footerLinks: [] }, es: { footerLinks: [] } }, customFields: {} },
      },
    ]);
    expect(report.errors).toEqual([
      { line: 1, reason: expect.stringMatching(/^texts\.en: /) },
      { line: 2, reason: expect.stringMatching(/^texts: .*es/) },
    ]);
  });
});
