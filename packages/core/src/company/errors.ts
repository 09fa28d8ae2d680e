import type { CodesOf } from '../shared/errors.ts';

/** The company catalogue (ARCHITECTURE convention 2; ADR 085). */
export const COMPANY = {
  /** Another customer's company, or one the caller may not act for: answers like one that does not exist. */
  NOT_FOUND: 'COMPANY.NOT_FOUND',
  /** The profile changed since the form was read (its revision): 409, reload and edit again. */
  STALE: 'COMPANY.STALE',
  /** A change of the same kind waits for a decision: 409 naming the request. */
  CHANGE_PENDING: 'COMPANY.CHANGE_PENDING',
  /** The approved change no longer holds its kind's lock (a later change was filed after its rejection): 409. */
  CHANGE_SUPERSEDED: 'COMPANY.CHANGE_SUPERSEDED',
} as const;
export type CompanyErrorCode = CodesOf<typeof COMPANY>;
