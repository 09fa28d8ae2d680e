import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from '../../../lib/user-format.ts';
import { signedIn } from '../../../test/fixtures.ts';
import { localeName } from './format.ts';
import { MFA_ACTIVATION_DATE, showMfaNotice } from './mfa-notice.ts';

describe('the MFA notice (SPEC 1)', () => {
  it('names a date in March 2025', () => {
    expect(MFA_ACTIVATION_DATE).toMatch(/^2025-03-\d\d$/);
    expect(formatCalendarDay(MFA_ACTIVATION_DATE, 'en-GB', 'long')).toBe('1 March 2025');
    expect(formatCalendarDay(MFA_ACTIVATION_DATE, 'de-DE', 'long')).toBe('1. März 2025');
  });

  it('shows to signed-in users without MFA until dismissed for good', () => {
    expect(showMfaNotice(signedIn())).toBe(true);
    expect(showMfaNotice(signedIn({ mfaNoticeDismissed: true }))).toBe(false);
    expect(showMfaNotice(signedIn({ mfaStatus: 'app' }))).toBe(false);
    expect(showMfaNotice(signedIn({ loggedIn: false }))).toBe(false);
    expect(showMfaNotice(undefined)).toBe(false);
  });
});

describe('locale names', () => {
  it("names the portals' locales; connect's lower-case codes name the language and the code", () => {
    expect(localeName('de-DE', 'en-US')).toBe('German (Germany)');
    expect(localeName('de-DE', 'de-DE')).toBe('Deutsch (Deutschland)');
    expect(localeName('en-en', 'en-US')).toBe('English (en-en)');
    expect(localeName('pl-pl', 'en-US')).toBe('Polish (Poland)');
  });
});
