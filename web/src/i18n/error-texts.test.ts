import * as auth from '@portal/core/auth';
import * as couponing from '@portal/core/couponing';
import * as exportJobs from '@portal/core/export';
import * as masterdata from '@portal/core/masterdata';
import * as ordering from '@portal/core/ordering';
import * as product from '@portal/core/product';
import * as report from '@portal/core/report';
import * as news from '@portal/core/news';
import * as sales from '@portal/core/sales';
import * as shared from '@portal/core/shared';
import * as transaction from '@portal/core/transaction';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deDE, enUS } from '../test/catalogues.ts';
import { errorText, fieldText, loadCatalogue, loadMessages, lookup, type Messages, resolveMessage, type Translate } from './index.ts';

// The errors catalogue loads with the data layer (app/data-bridge.ts), not with the app.
beforeAll(() => loadCatalogue('errors'));

/** Every code of core's error catalogues: the exported objects `X` whose leaves are all codes `X.…`. */
const leaves = (node: unknown): unknown[] => (typeof node === 'object' && node !== null ? Object.values(node).flatMap(leaves) : [node]);
const codes = [shared, auth, ordering, sales, couponing, transaction, masterdata, product, exportJobs, report, news].flatMap((domain) =>
  Object.entries(domain).flatMap(([name, value]) => {
    const all = typeof value === 'object' && value !== null ? leaves(value) : [];
    const catalogue = all.length > 0 && all.every((code) => typeof code === 'string' && code.startsWith(`${name}.`));
    return catalogue ? (all as string[]) : [];
  }),
);

describe('error texts by code', () => {
  afterEach(() => loadMessages('en-US'));

  it('has an en-US and a de-DE text for every catalogue code, and no text for an unknown code', () => {
    expect(codes.length).toBeGreaterThan(50);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z]+(\.[A-Z_]+)+$/);
      expect(lookup(enUS as Messages, `errors.${code}`), `en-US errors.${code}`).toBeTruthy();
      expect(lookup(deDE as Messages, `errors.${code}`), `de-DE errors.${code}`).toBeTruthy();
    }
  });

  it("shows the server's English message in English, the catalogue's when there is none", () => {
    expect(errorText(shared.STORE.NOT_FOUND, 'Store 7 not found.')).toBe('Store 7 not found.');
    expect(errorText(shared.STORE.NOT_FOUND)).toBe('Store not found.');
    expect(errorText('NOT.IN_CATALOGUE', 'As sent')).toBe('As sent');
    expect(errorText('NOT.IN_CATALOGUE')).toBeUndefined();
  });

  it('translates by code in another locale', async () => {
    await loadMessages('de-DE', { 'de-DE': async () => ({ default: deDE as Messages }) });
    expect(errorText(ordering.ORDER.NOT_FOUND, 'Order not found.')).toBe('Bestellung nicht gefunden.');
    expect(errorText('NOT.IN_CATALOGUE', 'As sent')).toBe('As sent');
  });
});

describe('field texts by code', () => {
  const german: Translate = (key, params) => resolveMessage(deDE as Messages, enUS as Messages, key, params);
  const english: Translate = (key, params) => resolveMessage(enUS as Messages, enUS as Messages, key, params);

  it('finds a German field issue by its code, whatever English the server sent', () => {
    expect(fieldText(german, 'Value is required', shared.FIELD.REQUIRED)).toBe('Eingabe erforderlich');
    expect(fieldText(german, 'Please fill this in', shared.FIELD.REQUIRED)).toBe('Eingabe erforderlich');
    expect(fieldText(german, 'Value is too long', shared.FIELD.TOO_LONG)).toBe('Der Wert ist zu lang');
  });

  it("translates a rule's own text by its code, and shows any other text as it is", () => {
    expect(fieldText(german, shared.Messages.email)).toBe('Der Wert ist keine gültige E-Mail-Adresse');
    expect(fieldText(german, shared.Messages.packagingUnit)).toBe('VE');
    expect(fieldText(english, shared.Messages.passwordDigit)).toBe(shared.Messages.passwordDigit);
    expect(fieldText(german, 'A serial number has 10 to 20 digits.')).toBe('A serial number has 10 to 20 digits.');
    expect(fieldText(german, 'As sent', 'NOT.A_FIELD_CODE')).toBe('As sent');
  });

  it("gives every field code one text, and that text is the English catalogue's", () => {
    const texts = Object.values(shared.FIELD_TEXTS);
    expect(new Set(texts).size).toBe(texts.length);
    for (const code of Object.values(shared.FIELD)) {
      expect(lookup(enUS as Messages, `errors.${code}`)).toBe(shared.FIELD_TEXTS[code]);
      expect(shared.fieldCodeOf(shared.FIELD_TEXTS[code])).toBe(code);
    }
  });
});
