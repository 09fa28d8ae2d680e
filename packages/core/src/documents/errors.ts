import type { CodesOf } from '../shared/errors.ts';

/** The documents catalogue (ARCHITECTURE convention 2; ADR 082). */
export const DOCUMENTS = {
  /** No such document, a deleted one, or one of a customer the caller may not act for: all answer alike. */
  NOT_FOUND: 'DOCUMENTS.NOT_FOUND',
  /** The upload is not open (expired, completed already, another's), or the folder is full: 409. */
  STATE_CONFLICT: 'DOCUMENTS.STATE_CONFLICT',
} as const;
export type DocumentsErrorCode = CodesOf<typeof DOCUMENTS>;
