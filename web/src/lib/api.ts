import { hc } from 'hono/client';
import type { AppType } from '../../.api-types/app-type.ts';
import { type ApiFetchOptions, fetchFor } from './api-client.ts';

/**
 * The typed API client (ARCHITECTURE conventions 1 and 7): `hc<AppType>` over the one fetch wrapper, so
 * a renamed route or field in functions/api breaks this build. Only the type is imported — no server code
 * reaches the bundle. Answers are still parsed with the core contracts at run time (`readJson`).
 *
 *   const res = await api().auth.status.$get();
 *   const res = await api({ notify: false, authDialog: false }).auth.signin.$post({ json: input });
 */
export const api = (options: ApiFetchOptions = {}) => hc<AppType>('/', { fetch: fetchFor(options) }).api;
