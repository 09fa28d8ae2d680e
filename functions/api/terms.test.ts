import type { Backend } from '@portal/backend';
import { TERMS } from '@portal/core/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectCaller, signInAll } from '../../tests/support/api.ts';
import { connectAccount, createTestBackend, importOk } from '../../tests/support/test-backend.ts';
import { createApp } from './app.ts';

/**
 * Terms of use (ADR 086) through the app: a brand with termsOfUseRequired refuses every signed-in route but
 * session, My Account and the terms with 403 TERMS.ACCEPTANCE_REQUIRED until the current version is accepted
 * (the gate is the server's); the reader's language else English; an acceptance of an older version is 409 and
 * changes nothing; accepting twice is one acceptance; a new version asks again; a brand without the setting
 * (or with nothing published) asks nothing; hostile inputs are 4xx and change nothing.
 */
let backend: Backend;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Correct-Horse-42!';
let clock = new Date('2026-11-21T10:00:00Z');
const later = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000));
const cookies: Record<string, string> = {};
const call = connectCaller(
  () => app,
  () => cookies,
);
const HOST = { Host: 'terms.example.com' };
const onTerms = (user: string, method: string, path: string, body?: unknown) => call(user, method, path, body, HOST);

beforeAll(async () => {
  backend = await createTestBackend(() => clock, { SESSION_IDLE_MINUTES: '1440' });
  app = createApp(backend, () => '203.0.113.41');
  await importOk(backend, 'brands', [
    { id: 'default', name: 'Card Portal', layout: 'default', footerLinks: [], customFields: {} },
    {
      id: 'terms',
      name: 'Terms Cards',
      layout: 'default',
      hosts: ['terms.example.com'],
      footerLinks: [],
      customFields: { termsOfUseRequired: true },
    },
  ]);
  await importOk(backend, 'retailers', [{ customerId: 'R-T', name: 'Terms retailer' }]);
  await importOk(backend, 'accounts', [
    connectAccount('t.en', 'R-T', PASSWORD),
    connectAccount('t.de', 'R-T', PASSWORD, { locale: 'de-de' }),
    connectAccount('t.pl', 'R-T', PASSWORD, { locale: 'pl-pl' }),
  ]);
  await importOk(backend, 'termsOfUse', [
    { brandId: 'terms', texts: { en: '# Terms\n\nVersion one.', de: '# Bedingungen\n\nFassung eins.' } },
  ]);
  Object.assign(cookies, await signInAll(app, ['t.en', 't.de', 't.pl'], PASSWORD));
}, 120_000);

describe('the gate', () => {
  it('refuses the portal until the current version is accepted, on the server', async () => {
    const refused = await onTerms('t.en', 'GET', '/news');
    expect(refused).toMatchObject({ status: 403, body: { code: TERMS.ACCEPTANCE_REQUIRED } });
    expect((await onTerms('t.en', 'GET', '/master-data')).body.code).toBe(TERMS.ACCEPTANCE_REQUIRED);
    // Session, My Account and the terms stay open; the status names the version to accept.
    expect((await onTerms('t.en', 'GET', '/auth/status')).body).toMatchObject({ loggedIn: true, termsOfUsePending: 1 });
    expect((await onTerms('t.en', 'GET', '/account')).status).toBe(200);
    const terms = await onTerms('t.en', 'GET', '/terms');
    expect(terms.body).toMatchObject({ brandId: 'terms', version: 1, language: 'en', required: true, acceptedAt: null });
    expect(terms.body.markdown).toContain('Version one.');

    const accepted = await onTerms('t.en', 'POST', '/terms/acceptance', { version: 1 });
    expect(accepted).toMatchObject({ status: 200, body: { version: 1, acceptedAt: clock.toISOString() } });
    expect((await onTerms('t.en', 'GET', '/news')).status).toBe(200);
    expect((await onTerms('t.en', 'GET', '/auth/status')).body.termsOfUsePending).toBeUndefined();
    expect((await onTerms('t.en', 'GET', '/terms')).body.acceptedAt).toBe(clock.toISOString());
  });

  it('answers the first acceptance to a repeated one and keeps it in one history item', async () => {
    await onTerms('t.pl', 'POST', '/terms/acceptance', { version: 1 });
    const first = (await onTerms('t.pl', 'GET', '/terms')).body.acceptedAt;
    later(1);
    const again = await onTerms('t.pl', 'POST', '/terms/acceptance', { version: 1 });
    expect(again).toMatchObject({ status: 200, body: { version: 1, acceptedAt: first } });
  });

  it('asks nothing on a host whose brand does not require terms', async () => {
    expect((await call('t.de', 'GET', '/news')).status).toBe(200);
    expect((await call('t.de', 'GET', '/auth/status')).body.termsOfUsePending).toBeUndefined();
    expect((await call('t.de', 'GET', '/terms')).body.code).toBe(TERMS.NOT_FOUND);
  });
});

describe('reading', () => {
  it("gives the reader's language, else English; a screen may ask for another", async () => {
    expect((await onTerms('t.de', 'GET', '/terms')).body).toMatchObject({ language: 'de', markdown: '# Bedingungen\n\nFassung eins.' });
    expect((await onTerms('t.pl', 'GET', '/terms')).body.language).toBe('en');
    expect((await onTerms('t.en', 'GET', '/terms?language=de')).body.language).toBe('de');
  });
});

describe('a new version', () => {
  it('asks again; the old version is refused with 409 and changes nothing', async () => {
    await importOk(backend, 'termsOfUse', [
      { brandId: 'terms', texts: { en: '# Terms\n\nVersion one.', de: '# Bedingungen\n\nFassung eins.' } },
    ]);
    expect((await onTerms('t.en', 'GET', '/terms')).body.version).toBe(1); // the same texts: no new version
    await importOk(backend, 'termsOfUse', [{ brandId: 'terms', texts: { en: '# Terms\n\nVersion two.' } }]);
    later(2); // past the process's one-minute copy of the current version
    expect((await onTerms('t.en', 'GET', '/news')).body.code).toBe(TERMS.ACCEPTANCE_REQUIRED);
    expect((await onTerms('t.en', 'GET', '/auth/status')).body.termsOfUsePending).toBe(2);
    const stale = await onTerms('t.en', 'POST', '/terms/acceptance', { version: 1 });
    expect(stale).toMatchObject({ status: 409, body: { code: TERMS.VERSION_OUTDATED } });
    expect((await onTerms('t.en', 'GET', '/news')).status).toBe(403);
    expect((await onTerms('t.en', 'POST', '/terms/acceptance', { version: 2 })).status).toBe(200);
    expect((await onTerms('t.en', 'GET', '/news')).status).toBe(200);
  });
});

describe('hostile input', () => {
  it('is a 4xx and accepts nothing', async () => {
    for (const body of [{}, { version: '1' }, { version: 0 }, { version: 2.5 }, { version: 10_000_000 }, { version: 2, extra: 1 }, [2]]) {
      const answer = await onTerms('t.de', 'POST', '/terms/acceptance', body);
      expect([400, 409]).toContain(answer.status);
    }
    expect((await onTerms('t.de', 'GET', '/terms?language=xx')).status).toBe(400);
    expect((await onTerms('t.de', 'GET', '/terms')).body.acceptedAt).toBeNull();
    expect((await onTerms('t.de', 'GET', '/news')).status).toBe(403);
  });

  it('refuses a terms import for an unknown brand or with raw oversize text', async () => {
    const report = await backend.imports.importRecords('termsOfUse', [
      { line: 1, data: { brandId: 'nope', texts: { en: 'x' } } },
      { line: 2, data: { brandId: 'terms', texts: { en: 'x'.repeat(30_001) } } },
      { line: 3, data: { brandId: 'terms', texts: { de: 'nur deutsch' } } },
      // A text beyond the Markdown bounds (ADR 157) would hang every reader's browser: refused by the import.
      { line: 4, data: { brandId: 'terms', texts: { en: 'Fine', de: `${'> '.repeat(1000)}x` } } },
    ]);
    expect(report.errors.map((e) => e.line)).toEqual([1, 2, 3, 4]);
    expect(report.errors[3]!.reason).toContain('too much Markdown structure');
  });
});
