/**
 * The error catalogue (ARCHITECTURE convention 2): every code the API answers is declared once, in the
 * `errors.ts` of its domain, as `DOMAIN.UPPER_SNAKE` (the spec's own message keys, such as
 * `LOGIN.FORM.ERROR.WRONG_PASSWORD`, stay as the spec spells them). The server's `AppError` takes only a
 * catalogue code, so an unknown code does not compile; the web translates a code by the i18n key
 * `errors.<code>`. This file holds the codes every domain may answer.
 */

/** Every code of a catalogue, however deeply nested: `CodesOf<typeof REQUEST>` is `'REQUEST.…' | …`. */
export type CodesOf<T> = T extends string ? T : { [K in keyof T]: CodesOf<T[K]> }[keyof T];

/** The request itself is wrong, whatever it asks for. */
export const REQUEST = {
  /** A field failed its schema; `issues` names each field. */
  VALIDATION_FAILED: 'REQUEST.VALIDATION_FAILED',
  /** The body could not be read at all (not JSON, say). */
  MALFORMED: 'REQUEST.MALFORMED',
  /** A value passed its schema but is over a storage limit. */
  INPUT_TOO_LARGE: 'REQUEST.INPUT_TOO_LARGE',
  /** The body is over what API Gateway and Lambda accept (413). */
  BODY_TOO_LARGE: 'REQUEST.BODY_TOO_LARGE',
  /** The URL (path and query) is over what CloudFront accepts (414). */
  URI_TOO_LONG: 'REQUEST.URI_TOO_LONG',
  PORTAL_HEADER_INVALID: 'REQUEST.PORTAL_HEADER_INVALID',
  RATE_LIMITED: 'REQUEST.RATE_LIMITED',
  /** No route answers this method and path. */
  NO_ENDPOINT: 'REQUEST.NO_ENDPOINT',
} as const;

/** Something failed on the server; details are logged, never answered. */
export const SERVER = {
  INTERNAL: 'SERVER.INTERNAL',
  /** A store the API needs is throttling, failing or timing out (503 with Retry-After): retry the same request. */
  UNAVAILABLE: 'SERVER.UNAVAILABLE',
} as const;

/** A retried write whose idempotency key was already used for different content. */
export const IDEMPOTENCY = { KEY_REUSED: 'IDEMPOTENCY.KEY_REUSED' } as const;

/** Master data every portal domain reads (brands, retailers, their stores). */
export const BRAND = { NOT_FOUND: 'BRAND.NOT_FOUND' } as const;
export const RETAILER = { NOT_FOUND: 'RETAILER.NOT_FOUND' } as const;
export const STORE = { NOT_FOUND: 'STORE.NOT_FOUND' } as const;
/** A connect division (master data): unknown or another customer's (ADR 015: both answer alike). */
export const DIVISION = { NOT_FOUND: 'DIVISION.NOT_FOUND' } as const;
/** A content provider (connect sales, ADR 037): unknown or one the user may not act for (both answer alike). */
export const PROVIDER = { NOT_FOUND: 'PROVIDER.NOT_FOUND' } as const;

/** An import of a file from S3 (ADR 069): unknown or another customer's (ADR 015: both answer alike). */
export const IMPORT_FILE = { NOT_FOUND: 'IMPORT.NOT_FOUND', BAD_CURSOR: 'IMPORT.BAD_CURSOR' } as const;

/** A brand's terms of use (ADR 086). */
export const TERMS = {
  /** The brand requires its current terms to be accepted first (403): every route but sign-in, session, My Account and the terms. */
  ACCEPTANCE_REQUIRED: 'TERMS.ACCEPTANCE_REQUIRED',
  /** The version accepted is not the current one any more (409): read the new one. */
  VERSION_OUTDATED: 'TERMS.VERSION_OUTDATED',
  /** The host's brand has published no terms of use (404). */
  NOT_FOUND: 'TERMS.NOT_FOUND',
} as const;

export type SharedErrorCode = CodesOf<
  | typeof REQUEST
  | typeof SERVER
  | typeof IDEMPOTENCY
  | typeof BRAND
  | typeof RETAILER
  | typeof STORE
  | typeof DIVISION
  | typeof PROVIDER
  | typeof IMPORT_FILE
  | typeof TERMS
>;
