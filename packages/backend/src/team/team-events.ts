/**
 * What the customer's admin and its invitees did (ADR 113), for the audit log: one event per change, no
 * secrets (no token, no password). `record` is handed in by the composition root (src/index.ts).
 */
export type TeamEventKind =
  | 'invited'
  | 'invitation-resent'
  | 'invitation-withdrawn'
  | 'invitation-accepted'
  | 'permissions-changed'
  | 'deactivated'
  | 'reactivated'
  | 'mfa-reset'
  | 'password-reset-sent';

export type TeamEvent = {
  kind: TeamEventKind;
  /** Who acted: the admin's username, or the invitee's new one for an acceptance. */
  actor: string;
  /** The customer whose team it is. */
  customerId: string;
  /** The account (username) or, for an invitation, the invited address. */
  target: string;
  details?: Record<string, unknown>;
};

export type TeamEventRecorder = (event: TeamEvent) => Promise<void>;
