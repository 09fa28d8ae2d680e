import { AUDIT_KINDS } from '@portal/core/audit';
import { AUDIT_FILE_WORDS } from '@portal/core/audit/file-words';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../test/catalogues.ts';
import { auditQuery, exportFilterOf, paramsOfView, rangeProblem, viewFromParams } from './audit-filter.ts';
import { detailLines, entrySentence, kindNameKey, kindSentenceKey } from './audit-words.ts';

const TODAY = '2026-11-24';
/** The file languages and the catalogues' locales. */
const FILE_LOCALES = { en: 'en-US', de: 'de-DE', pl: 'pl-PL', fr: 'fr-FR' } as const;
const view = (search: string) => viewFromParams(new URLSearchParams(search), TODAY);

describe('the audit log filter in the URL', () => {
  it('defaults to the last 31 days up to today, everyone, every kind', () => {
    expect(view('')).toEqual({
      filter: { person: '', kind: '', preset: 'month', from: '2026-10-25', to: '2026-11-24' },
      cursor: undefined,
    });
  });

  it('a preset follows the day; a custom range keeps its dates; unknown kinds and malformed cursors are dropped', () => {
    expect(view('preset=week').filter).toMatchObject({ from: '2026-11-18', to: '2026-11-24' });
    expect(view('from=2026-11-01&to=2026-11-02').filter).toMatchObject({ preset: 'custom', from: '2026-11-01', to: '2026-11-02' });
    expect(view('kind=drop.tables&cursor=a%20b').filter.kind).toBe('');
    expect(view('cursor=a%20b').cursor).toBeUndefined();
    expect(view('cursor=abc_-9').cursor).toBe('abc_-9');
  });

  it('round-trips through the URL', () => {
    const v = view('person=anna&kind=passkey.added&preset=custom&from=2026-11-01&to=2026-11-20&cursor=xyz');
    expect(viewFromParams(paramsOfView(v), TODAY)).toEqual(v);
    expect(paramsOfView(view('preset=week')).toString()).toBe('preset=week');
  });

  it('asks nothing for a bad range; the export leaves the page out', () => {
    expect(rangeProblem({ from: '2026-11-20', to: '2026-11-01' })).toBe('endBeforeStart');
    expect(rangeProblem({ from: '2026-13', to: '' })).toBe('invalidDate');
    expect(auditQuery(view('from=2026-11-20&to=2026-11-01'))).toBeNull();
    expect(auditQuery(view('preset=none&cursor=xyz'))).toEqual({ cursor: 'xyz', limit: '50' });
    expect(exportFilterOf(view('person=anna&preset=none&cursor=xyz'))).toEqual({ person: 'anna' });
  });
});

describe('the audit log in words', () => {
  it('every kind has a sentence and a name in every locale', () => {
    for (const [locale, messages] of Object.entries(catalogues)) {
      const texts = messages as unknown as {
        audit?: { kinds?: Record<string, Record<string, string>>; kindNames?: Record<string, Record<string, string>> };
      };
      for (const kind of AUDIT_KINDS) {
        const [group, name] = kind.split('.') as [string, string];
        expect(texts.audit?.kinds?.[group]?.[name], `${locale} ${kindSentenceKey(kind)}`).toBeTruthy();
        expect(texts.audit?.kindNames?.[group]?.[name], `${locale} ${kindNameKey(kind)}`).toBeTruthy();
      }
    }
  });

  it('names the subject, else the actor; details are labelled, codes in words, names as they are', () => {
    const t = (key: string, params?: Record<string, string | number>) => `${key}(${params?.subject ?? ''})`;
    const actor = { username: 'anna', name: 'Anna S' };
    expect(entrySentence({ kind: 'account.invited', actor, subject: { username: 'ben', name: '' } }, t)).toBe(
      'audit.kinds.account.invited(ben)',
    );
    expect(entrySentence({ kind: 'signin.succeeded', actor, subject: null }, t)).toBe('audit.kinds.signin.succeeded(Anna S)');
    // Outside a rendered screen no catalogue is loaded: labels and codes fall back to their names.
    expect(detailLines({ file: 'a.csv', empty: '', none: null, n: 3000 }, 'de-DE')).toEqual([
      { name: 'file', label: 'file', value: 'a.csv' },
      { name: 'n', label: 'n', value: '3.000' },
    ]);
  });
});

describe('the details words of the files', () => {
  it("are the catalogues' words in every locale the audit catalogue has (ADR 122)", () => {
    for (const [language, locale] of Object.entries(FILE_LOCALES)) {
      const texts = catalogues[locale] as unknown as {
        audit: { detailNames: object; values: object };
        team: { permission: Record<string, Record<string, string>>; noPermissions: string };
      };
      const words = AUDIT_FILE_WORDS[language as keyof typeof AUDIT_FILE_WORDS];
      expect(words.detailNames, locale).toEqual(texts.audit.detailNames);
      expect(words.values, locale).toEqual(texts.audit.values);
      expect(words.noPermissions, locale).toBe(texts.team.noPermissions);
      const permissions = Object.entries(texts.team.permission).flatMap(([module, names]) =>
        Object.entries(names).map(([name, text]) => [`${module}.${name}`, text] as const),
      );
      expect(words.permissions, locale).toEqual(Object.fromEntries(permissions));
    }
    expect(Object.keys(FILE_LOCALES).sort()).toEqual(Object.keys(AUDIT_FILE_WORDS).sort());
  });
});
