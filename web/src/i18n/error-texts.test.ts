import * as auth from '@portal/core/auth';
import * as couponing from '@portal/core/couponing';
import * as ordering from '@portal/core/ordering';
import * as sales from '@portal/core/sales';
import * as shared from '@portal/core/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { deDE, enUS } from '../test/catalogues.ts';
import { errorText, loadMessages, lookup, type Messages } from './index.ts';

/** Every code of core's error catalogues: the exported objects `X` whose leaves are all codes `X.…`. */
const leaves = (node: unknown): unknown[] =>
  typeof node === 'object' && node !== null ? Object.values(node).flatMap(leaves) : [node];
const codes = [shared, auth, ordering, sales, couponing].flatMap((domain) =>
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
