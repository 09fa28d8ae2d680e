import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from '../../../lib/user-format.ts';
import { signedIn } from '../../../test/fixtures.ts';
import { languageName } from './format.ts';
import { mfaNoticeText, showMfaNotice } from './mfa-notice.ts';

describe('the MFA notice (ADR 017; SPEC 1)', () => {
  it("names the brand's date before it, and says MFA is required from that day on", () => {
    const day = (iso: string) => new Date(iso);
    expect(mfaNoticeText('2027-03-01', day('2026-11-24T10:00:00Z'), 'Europe/Berlin')).toEqual({
      kind: 'announced',
      date: '2027-03-01',
    });
    // 23:30 UTC on the eve is already the day itself in Berlin.
    expect(mfaNoticeText('2027-03-01', day('2027-02-28T23:30:00Z'), 'Europe/Berlin')?.kind).toBe('required');
    expect(mfaNoticeText('2027-03-01', day('2027-02-28T23:30:00Z'), 'UTC')?.kind).toBe('announced');
    expect(mfaNoticeText('2025-03-01', day('2026-11-24T10:00:00Z'), 'Europe/Berlin')?.kind).toBe('required');
    expect(formatCalendarDay('2025-03-01', 'de-DE', 'long')).toBe('1. März 2025');
  });

  it('shows no notice when the brand announces no date', () => {
    expect(mfaNoticeText(undefined, new Date(), 'UTC')).toBeNull();
  });

  it('shows to signed-in users without MFA until dismissed for good', () => {
    expect(showMfaNotice(signedIn())).toBe(true);
    expect(showMfaNotice(signedIn({ mfaNoticeDismissed: true }))).toBe(false);
    expect(showMfaNotice(signedIn({ mfaStatus: 'app' }))).toBe(false);
    expect(showMfaNotice(signedIn({ loggedIn: false }))).toBe(false);
    expect(showMfaNotice(undefined)).toBe(false);
  });
});

describe('language names', () => {
  it("names each portal's languages in their own language, as the label set does (SPEC 9)", () => {
    expect(['en-US', 'de-DE', 'fr-FR', 'pl-PL'].map(languageName)).toEqual(['English', 'Deutsch', 'Français', 'Polski']);
    expect(['en-en', 'de-de', 'pl-pl'].map(languageName)).toEqual(['English', 'Deutsch', 'Polski']);
  });
});
