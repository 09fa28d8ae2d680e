import { readFileSync } from 'node:fs';
import { Messages } from '@portal/core/shared';
import { resendPasswordFailedMessage, resetInstructionsSentMessage } from '@portal/core/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { deDE, enUS } from '../test/catalogues.ts';
import {
  interpolate,
  type Loader,
  loadMessages,
  lookup,
  messageLocaleFor,
  resolveMessage,
  translate,
  translateCoreMessage,
} from './index.ts';

describe('message lookup and fallback', () => {
  const fallback = { a: { b: 'English B', c: 'English C {name}' } };

  it('uses the active locale, falls back to English per key, then to the key itself', () => {
    const active = { a: { b: 'Deutsch B' } };
    expect(resolveMessage(active, fallback, 'a.b')).toBe('Deutsch B');
    expect(resolveMessage(active, fallback, 'a.c', { name: 'X' })).toBe('English C X');
    expect(resolveMessage(active, fallback, 'a.zzz')).toBe('a.zzz');
    expect(resolveMessage(undefined, fallback, 'a.b')).toBe('English B');
  });

  it('picks the plural form of a counted key by the locale (Intl.PluralRules), else _other, else the plain key', () => {
    const pl = { n: { files_one: '{count} plik', files_few: '{count} pliki', files_many: '{count} plików', files_other: '{count} pliku' } };
    const en = { n: { files_one: '{count} file', files_other: '{count} files', plain: '{count} rows' } };
    const inPolish = (count: number) => resolveMessage(pl, en, 'n.files', { count }, 'pl-PL');
    expect([1, 3, 5, 22, 1.5].map(inPolish)).toEqual(['1 plik', '3 pliki', '5 plików', '22 pliki', '1.5 pliku']);
    expect(resolveMessage({}, en, 'n.files', { count: 1 }, 'pl-PL')).toBe('1 file');
    expect(resolveMessage({}, en, 'n.files', { count: 0 })).toBe('0 files');
    expect(resolveMessage({}, en, 'n.plain', { count: 1 })).toBe('1 rows');
    // Without a count, a plural key is not found: the key shows, so a forgotten count gets noticed.
    expect(resolveMessage({}, en, 'n.files')).toBe('n.files');
  });

  it('looks up only leaves', () => {
    expect(lookup(fallback, 'a')).toBeUndefined();
    expect(lookup(fallback, 'a.b.c')).toBeUndefined();
  });

  it('interpolates named parameters and leaves unknown ones', () => {
    expect(interpolate('© {year} {company}', { year: 2026, company: 'ACME' })).toBe('© 2026 ACME');
    expect(interpolate('{missing}', {})).toBe('{missing}');
  });
});

describe('locale choice', () => {
  it("accepts only the portal's supported locales (core) and picks the file by language", () => {
    expect(messageLocaleFor('ordering', 'de-DE')).toBe('de-DE');
    expect(messageLocaleFor('connect', 'de-de')).toBe('de-DE');
    expect(messageLocaleFor('ordering', 'de-de')).toBe('de-DE'); // connect's code, mapped (core resolveLocale)
    expect(messageLocaleFor('connect', 'de-DE')).toBe('de-DE'); // an ordering code on connect
    expect(messageLocaleFor('connect', 'en-en')).toBe('en-US');
    expect(messageLocaleFor('connect', 'pl-pl')).toBe('pl-PL'); // connect's code, mapped to the Polish files
    expect(messageLocaleFor('ordering', 'pl-PL')).toBe('pl-PL');
    expect(messageLocaleFor('ordering', 'fr-FR')).toBe('fr-FR');
    expect(messageLocaleFor('connect', 'fr-FR')).toBe('en-US'); // French is not a connect locale (SPEC 9): the default
    expect(messageLocaleFor('ordering', 'pl')).toBe('pl-PL'); // a browser's language without region
    expect(messageLocaleFor('connect', 'pl')).toBe('pl-PL');
    expect(messageLocaleFor('ordering', 'fr-CA')).toBe('fr-FR');
    expect(messageLocaleFor('ordering', 'xx-XX')).toBe('en-US');
    expect(messageLocaleFor('ordering', undefined)).toBe('en-US');
  });
});

describe('loadMessages', () => {
  afterEach(async () => {
    await loadMessages('en-US');
  });

  it('loads a locale lazily and translates with it, English for missing keys', async () => {
    const loaders: Record<string, Loader> = {
      'de-DE': async () => ({ default: { footer: { logout: 'Abmelden' } } }),
    };
    expect(await loadMessages('de-DE', loaders)).toBe('de-DE');
    expect(translate('footer.logout')).toBe('Abmelden');
    expect(translate('footer.privacyPolicy')).toBe('Privacy policy');
  });

  it('falls back to English when a locale fails to load (SPEC 8)', async () => {
    const loaders: Record<string, Loader> = {
      'de-DE': async () => {
        throw new Error('chunk failed');
      },
    };
    expect(await loadMessages('de-DE', loaders)).toBe('en-US');
    expect(translate('footer.logout')).toBe('Log out');
  });

  it('falls back to English for a locale without a file', async () => {
    expect(await loadMessages('pl-PL', {})).toBe('en-US');
    expect(translate('auth.login.submit')).toBe('Login');
  });
});

describe('locale files', () => {
  it("en-US messages.* are core's Messages verbatim", () => {
    expect(enUS.messages).toEqual(Messages);
  });

  it("en-US forgot-password texts read like core's", () => {
    const t = (key: 'forgotPassword.success' | 'forgotPassword.failure') => resolveMessage(enUS, enUS, key, { address: 'a@b.example' });
    expect(t('forgotPassword.success')).toBe(resetInstructionsSentMessage('a@b.example'));
    expect(t('forgotPassword.failure')).toBe(resendPasswordFailedMessage('a@b.example'));
  });

  it('translateCoreMessage maps core texts to keys and leaves other texts alone', () => {
    const t = (key: string) => resolveMessage(deDE, enUS, key);
    expect(translateCoreMessage(t, Messages.required)).toBe(deDE.messages.required);
    expect(translateCoreMessage(t, 'Server says no')).toBe('Server says no');
  });
});
/** Minimum widths in px (SPEC 9). */
const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

describe('breakpoints', () => {
  it('the CSS theme pins exactly the spec breakpoints in px (SPEC 9)', () => {
    const css = readFileSync(new URL('../index.css', import.meta.url), 'utf8');
    for (const [name, px] of Object.entries(BREAKPOINTS)) {
      expect(css).toContain(`--breakpoint-${name}: ${px}px;`);
    }
    expect(BREAKPOINTS).toEqual({ sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
  });
});
