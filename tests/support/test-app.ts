import type { Backend, BackendAdapters } from '@portal/backend';
import { createApp } from '../../functions/api/app.ts';
import { connectCaller, connectResponseCaller, signInAll } from './api.ts';
import { createTestBackend, s3Suite } from './test-backend.ts';

/**
 * The API over a fresh createTestBackend (`now`, `adapters` as its), whose caller's address is
 * `<network>.<X-Test-Ip>`: callApi sends every call from a new X-Test-Ip, so the per-address limits (ADR 010,
 * ADR 017) stay out of the tests but those that name their address.
 */
export async function createTestApp(now: () => Date, network: string, adapters: BackendAdapters = {}) {
  const backend = await createTestBackend(now, {}, adapters);
  return { backend, app: createApp(backend, (c) => `${network}.${c.req.header('X-Test-Ip') ?? '0'}`) };
}

type App = ReturnType<typeof createApp>;

/**
 * An API suite over a local S3 (s3Suite): `start` makes the backend (`adapt` changes it before the app is
 * made on it, e.g. a report runner that mails nobody) and the app whose caller's address is `ip`; `signIn`
 * adds users' sessions (a later call, a fresh session); `call` and `callWithResponse` are the suite's
 * connect callers as its signed-in users.
 */
export function s3ApiSuite(now: (() => Date) | undefined, bucket: { FILES_BUCKET: string } | { REPORTS_BUCKET: string }, ip: string) {
  const suite = s3Suite(now, bucket);
  let app: App | undefined;
  const cookies: Record<string, string> = {};
  const served = (): App => {
    if (!app) throw new Error('the API suite is not started: call start() in beforeAll');
    return app;
  };
  return {
    async start(options: { overrides?: Record<string, string | undefined>; adapt?: (backend: Backend) => void } = {}) {
      const world = await suite.start(options.overrides);
      options.adapt?.(world.backend);
      app = createApp(world.backend, () => ip);
      return { ...world, app };
    },
    async signIn(usernames: readonly string[], password: string) {
      Object.assign(cookies, await signInAll(served(), usernames, password));
    },
    call: connectCaller(served, () => cookies),
    callWithResponse: connectResponseCaller(served, () => cookies),
    get app() {
      return served();
    },
    /** The session cookies by username, for a call the suite makes itself (another portal, a raw request). */
    get cookies(): Readonly<Record<string, string>> {
      return cookies;
    },
    get s3() {
      return suite.s3;
    },
    get backend() {
      return suite.backend;
    },
    get files() {
      return suite.files;
    },
    keys: suite.keys,
  };
}
