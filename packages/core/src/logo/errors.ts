import type { CodesOf } from '../shared/errors.ts';

/** The logo catalogue (ARCHITECTURE convention 2; ADR 084). Refused files answer WORKFLOW.UPLOAD_REJECTED (ADR 045). */
export const LOGO = {
  /** No such staged logo (expired, or never staged for this customer): 404. */
  NOT_FOUND: 'LOGO.NOT_FOUND',
  /** The upload is not open (expired, completed already, another's), or the logo changed meanwhile: 409. */
  STATE_CONFLICT: 'LOGO.STATE_CONFLICT',
} as const;
export type LogoErrorCode = CodesOf<typeof LOGO>;
