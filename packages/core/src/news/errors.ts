import type { CodesOf } from '../shared/errors.ts';

/** The news catalogue (ARCHITECTURE convention 2; ADR 081). */
export const NEWS = {
  /** No such item, or one not meant for the caller (future, expired, withdrawn, another audience): all answer alike. */
  NOT_FOUND: 'NEWS.NOT_FOUND',
  /** The item was saved or withdrawn by someone else meanwhile (its version moved): 409. */
  STATE_CONFLICT: 'NEWS.STATE_CONFLICT',
  /** As many items as the list holds are live (not expired, not withdrawn): withdraw or let one expire first. */
  TOO_MANY_LIVE: 'NEWS.TOO_MANY_LIVE',
} as const;
export type NewsErrorCode = CodesOf<typeof NEWS>;
