import { calendarDateInZone } from '@portal/core/shared';
import type { SessionStatus } from '@portal/core/auth';

/** Shown to signed-in users without MFA until they dismiss it for good (kept on the account). */
export function showMfaNotice(status: SessionStatus | undefined): boolean {
  return Boolean(status?.loggedIn && status.user && status.mfaStatus === 'none' && !status.mfaNoticeDismissed);
}

/**
 * What the notice says (ADR 017; SPEC 1). The date is the brand's `mfaActivationDate`: before
 * it the notice announces it ('will be activated … on {date}'); from that day on — in the user's time
 * zone — it says MFA is required. Without a configured date the brand announces nothing: null, no notice.
 */
export type MfaNoticeText = { kind: 'announced' | 'required'; date: string };

export function mfaNoticeText(activationDate: string | undefined, now: Date, timeZone: string): MfaNoticeText | null {
  if (!activationDate) return null;
  const today = calendarDateInZone(now, timeZone);
  return { kind: today >= activationDate ? 'required' : 'announced', date: activationDate };
}
