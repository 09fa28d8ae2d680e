import { AUDIT_KINDS } from '@portal/core/audit';
import { describe, expect, it } from 'vitest';
import { catalogues } from '../../../test/catalogues.ts';
import { auditQuery, exportFilterOf, paramsOfView, rangeProblem, viewFromParams } from './audit-filter.ts';
import { detailLines, entrySentence, kindNameKey, kindSentenceKey } from './audit-words.ts';

const TODAY = '2026-11-24';
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

  it('names the subject, else the actor; details stay as given', () => {
    const t = (key: string, params?: Record<string, string | number>) => `${key}(${params?.subject ?? ''})`;
    const actor = { username: 'anna', name: 'Anna S' };
    expect(entrySentence({ kind: 'account.invited', actor, subject: { username: 'ben', name: '' } }, t)).toBe(
      'audit.kinds.account.invited(ben)',
    );
    expect(entrySentence({ kind: 'signin.succeeded', actor, subject: null }, t)).toBe('audit.kinds.signin.succeeded(Anna S)');
    expect(detailLines({ file: 'a.csv', empty: '', none: null, n: 3 })).toEqual(['file: a.csv', 'n: 3']);
  });
});
