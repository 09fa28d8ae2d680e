import { ErrorBody, PORTAL_HEADER, type Portal, TERMS, XSSI_PREFIX } from '@portal/core/shared';
import { AUTH } from '@portal/core/auth';
import type * as z from '@portal/core/zod';
import { errorText, interpolate, loadErrorTexts, translate } from '../i18n/index.ts';
import { reportApiReachable } from './connectivity.ts';
import { takeFirstRead } from './api-first-reads.ts';
import { currentPortal } from './portal.ts';
import { markAuthorizationFailed, requestPendingStep } from './session.ts';
import { snacks } from './snack.ts';

/**
 * The ONE fetch wrapper (ARCHITECTURE convention 7). `createApiFetch()` returns a function with fetch's
 * signature, so it can be handed to `hc<AppType>('/', { fetch: apiFetch })` once the API exports its
 * app type. For every call it:
 * - adds the `X-Portal` header (the portal of the screen the call is made from) and same-origin credentials;
 * - strips the XSSI prefix from the body and hands back an ordinary Response (so `res.json()` just works);
 * - turns a non-2xx answer (or a network failure) into an `ApiError` carrying the ErrorBody;
 * - on 401/403 marks authorization as failed on the portal of the call, which opens the auth-required
 *   dialog (the other portal's flag is untouched: its session is a different one) — except a 403 for a
 *   pending account step, `AUTH.PASSWORD_EXPIRED` (ADR 011), `AUTH.MFA_SETUP_REQUIRED` or
 *   `TERMS.ACCEPTANCE_REQUIRED` (ADR 086), which sends the user to where that step is taken (My Account,
 *   MFA set-up, the terms screen);
 * - hands a binary answer (an image, a PDF) back untouched: only JSON and text bodies are rewritten;
 * - on any other failure (or a 401/403 of a call that opted out of the dialog) shows a red snack alert
 *   with the server's message.
 * Callers that handle errors themselves (sign-in, session status) opt out with `notify`/`authDialog`.
 */

export type ApiFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ErrorBody['issues'];
  /** The values the code's text names (ErrorBody.params): filled into `errors.<code>` in any locale. */
  readonly params: ErrorBody['params'];
  /** Seconds from the Retry-After header (a 429, or a sign-in lock saying when it ends). */
  readonly retryAfter: number | undefined;

  constructor(status: number, body: ErrorBody, retryAfter?: number) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.issues = body.issues;
    this.params = body.params;
    this.retryAfter = retryAfter;
  }

  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }

  get isPasswordExpired(): boolean {
    return this.status === 403 && this.code === AUTH.PASSWORD_EXPIRED;
  }

  /** The server holds the session to a pending step: an expired password, MFA to set up, the brand's terms of use to accept (ADR 086). */
  get isPendingStep(): boolean {
    return (
      this.isPasswordExpired || (this.status === 403 && (this.code === AUTH.MFA_SETUP_REQUIRED || this.code === TERMS.ACCEPTANCE_REQUIRED))
    );
  }
}

/** Codes the client itself uses for failures that have no server ErrorBody. */
export const ClientErrorCode = {
  network: 'CLIENT.NETWORK',
  invalidResponse: 'CLIENT.INVALID_RESPONSE',
  /** A request the client refuses to send (an id that would change the path); no request is made. */
  invalidRequest: 'CLIENT.INVALID_REQUEST',
} as const;

export interface ApiFetchOptions {
  /** The underlying fetch (tests pass a fake). Defaults to the global fetch. */
  fetch?: ApiFetch;
  /** The portal to name in the header. Defaults to the portal of the current screen. */
  portal?: Portal | (() => Portal);
  /** Show a red snack alert for failures other than 401/403 (default true). */
  notify?: boolean;
  /** Mark authorization as failed and open the auth-required dialog on 401/403 (default true). */
  authDialog?: boolean;
  /** What "show a snack" means; injected in tests. */
  onFailure?: (error: ApiError) => void;
  /** What "authorization failed" means for the portal the call was made for; injected in tests. */
  onAuthFailure?: (error: ApiError, portal: Portal) => void;
  /** What "a step of the account is pending" means (403 for an expired password or MFA to set up); injected in tests. */
  onPendingStep?: (error: ApiError, portal: Portal) => void;
}

export function stripXssiPrefix(text: string): string {
  return text.startsWith(XSSI_PREFIX) ? text.slice(XSSI_PREFIX.length) : text;
}

/** Reads an error body; anything that is not an ErrorBody becomes `{ code: 'CLIENT.HTTP_<status>', message: '' }`. */
export function parseErrorBody(text: string, status: number): ErrorBody {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(stripXssiPrefix(text)));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON
  }
  return { code: `CLIENT.HTTP_${status}`, message: '' };
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The text a user sees for a failure: its code's text (i18n `errors.<code>`), else a translated generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const text = errorText(error.code, error.message);
    if (text) return interpolate(text, error.params);
    if (error.code === ClientErrorCode.network) return translate('errors.network');
    if (error.code === ClientErrorCode.invalidResponse) return translate('errors.invalidResponse');
    if (error.status === 429) return translate('errors.rateLimited');
    return translate('errors.requestFailed');
  }
  if (error instanceof Error && error.message) return error.message;
  return translate('errors.requestFailed');
}

export interface FailedRequest {
  url: string;
  method: string;
  status: number;
  code: string;
  at: string;
}
let lastFailed: FailedRequest | null = null;
/** The last failed request (SPEC 8 "other failures store the last failed request"); for diagnostics. */
export const lastFailedRequest = (): FailedRequest | null => lastFailed;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** JSON and text bodies may carry the XSSI prefix; anything else (images, PDFs) is passed on as it came. */
export function isTextBody(contentType: string | null): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('text/') || type === 'application/json' || type.endsWith('+json');
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

const defaultOnFailure = (error: ApiError) => snacks.error(errorMessage(error));

export function createApiFetch(options: ApiFetchOptions = {}): ApiFetch {
  const notify = options.notify ?? true;
  const authDialog = options.authDialog ?? true;
  const onFailure = options.onFailure ?? defaultOnFailure;
  const onAuthFailure = options.onAuthFailure ?? ((_error: ApiError, portal: Portal) => markAuthorizationFailed(portal));
  const onPendingStep = options.onPendingStep ?? ((_error: ApiError, portal: Portal) => requestPendingStep(portal));

  return async (input, init) => {
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    const portal = typeof options.portal === 'function' ? options.portal() : (options.portal ?? currentPortal());
    const headers = new Headers(typeof input === 'object' && 'headers' in input ? input.headers : undefined);
    new Headers(init?.headers).forEach((value, key) => {
      headers.set(key, value);
    });
    headers.set(PORTAL_HEADER, portal);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase();

    const fail = async (error: ApiError): Promise<never> => {
      // Its texts first: the `errors` catalogue loads at the first failure if the page has not loaded it yet (ADR 127).
      await loadErrorTexts();
      lastFailed = {
        url: urlOf(input),
        method,
        status: error.status,
        code: error.code,
        at: new Date().toISOString(),
      };
      if (error.isPendingStep && authDialog) onPendingStep(error, portal);
      else if (error.isAuthFailure && authDialog) onAuthFailure(error, portal);
      else if (notify) onFailure(error);
      throw error;
    };

    let response: Response;
    try {
      // The entry's first read of this request, when it is one (api-first-reads.ts, ADR 117): not sent twice.
      const started = options.fetch ? undefined : takeFirstRead(method, urlOf(input), portal);
      response = await (started ?? fetchImpl(input, { ...init, headers, credentials: 'same-origin' }));
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      reportApiReachable(false);
      return fail(new ApiError(0, { code: ClientErrorCode.network, message: '' }));
    }
    reportApiReachable(true);

    if (response.ok && !isTextBody(response.headers.get('content-type'))) return response;
    const text = await response.text();
    if (!response.ok) {
      return fail(
        new ApiError(response.status, parseErrorBody(text, response.status), parseRetryAfter(response.headers.get('Retry-After'))),
      );
    }

    const outHeaders = new Headers(response.headers);
    outHeaders.delete('content-length');
    outHeaders.delete('content-encoding');
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : stripXssiPrefix(text), {
      status: response.status,
      statusText: response.statusText,
      headers: outHeaders,
    });
  };
}

/** The default wrapper: snack alerts on, auth dialog on. */
export const apiFetch: ApiFetch = createApiFetch();

/** The wrapper for a call's options: the shared default when there are none. */
export const fetchFor = (options: ApiFetchOptions = {}): ApiFetch =>
  Object.keys(options).length === 0 ? apiFetch : createApiFetch(options);

/**
 * Parses an (already prefix-stripped) answer with a contract schema. A body that does not match the
 * contract is an ApiError with code `CLIENT.INVALID_RESPONSE`, reported like any other failure. Used for
 * every `hc` response.
 */
export async function readJson<S extends z.ZodMiniType>(
  response: { status: number; json(): Promise<unknown> },
  schema: S,
  options: Pick<ApiFetchOptions, 'notify' | 'onFailure'> = {},
): Promise<z.infer<S>> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const error = new ApiError(response.status, { code: ClientErrorCode.invalidResponse, message: '' });
  await loadErrorTexts();
  if (options.notify ?? true) (options.onFailure ?? defaultOnFailure)(error);
  throw error;
}
