import type { Backend, BackendAdapters } from '@portal/backend';
import { createApp } from '../../functions/api/app.ts';
import { connectCaller, connectResponseCaller, type Portal, signInAll } from './api.ts';
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
type Adapt = (backend: Backend) => void;

/**
 * A suite's API world: its backend and the app on it whose caller's address is `ip`, made by the suite's
 * `start` (in its beforeAll); the getters read them once started (a read before throws). `signIn` adds
 * users' sessions (a later call, a fresh session); `call` and `callWithResponse` are the suite's connect
 * callers as its signed-in users. One piece, so no suite declares, assigns and wires the same variables again.
 */
abstract class ApiSuite {
  #backend: Backend | undefined;
  #app: App | undefined;
  readonly #cookies: Record<string, string> = {};
  readonly call = connectCaller(
    () => this.app,
    () => this.#cookies,
  );
  readonly callWithResponse = connectResponseCaller(
    () => this.app,
    () => this.#cookies,
  );

  constructor(private readonly ip: string) {}

  /** The app on `backend`, once `adapt` changed it (e.g. a report runner that mails nobody). */
  protected serve(backend: Backend, adapt?: Adapt) {
    adapt?.(backend);
    this.#backend = backend;
    this.#app = createApp(backend, () => this.ip);
    return this.#app;
  }

  get backend(): Backend {
    if (!this.#backend) throw new Error('the API suite is not started: call start() in beforeAll');
    return this.#backend;
  }

  get app(): App {
    if (!this.#app) throw new Error('the API suite is not started: call start() in beforeAll');
    return this.#app;
  }

  /** The session cookies by username, for a call the suite makes itself (another portal, a raw request). */
  get cookies(): Readonly<Record<string, string>> {
    return this.#cookies;
  }

  async signIn(usernames: readonly string[], password: string, portal: Portal = 'connect') {
    Object.assign(this.#cookies, await signInAll(this.app, usernames, password, portal));
  }
}

class TableApiSuite extends ApiSuite {
  constructor(
    private readonly now: () => Date,
    ip: string,
  ) {
    super(ip);
  }

  async start(options: { adapt?: Adapt } = {}) {
    const backend = await createTestBackend(this.now);
    return { backend, app: this.serve(backend, options.adapt) };
  }
}

class S3ApiSuite extends ApiSuite {
  readonly #storage: ReturnType<typeof s3Suite>;
  /** The keys of the bucket's objects under `prefix` (s3Suite's `keys`). */
  readonly keys = (prefix: string) => this.#storage.keys(prefix);

  constructor(now: (() => Date) | undefined, bucket: { FILES_BUCKET: string } | { REPORTS_BUCKET: string }, ip: string) {
    super(ip);
    this.#storage = s3Suite(now, bucket);
  }

  async start(options: { overrides?: Record<string, string | undefined>; adapt?: Adapt } = {}) {
    const world = await this.#storage.start(options.overrides);
    return { ...world, app: this.serve(world.backend, options.adapt) };
  }

  get s3() {
    return this.#storage.s3;
  }

  get files() {
    return this.#storage.files;
  }
}

/** An API suite on its own table of DynamoDB Local (createTestBackend at `now`). */
export const apiSuite = (now: () => Date, ip: string) => new TableApiSuite(now, ip);

/** An API suite over a local S3 of its own (s3Suite) holding `bucket`; the stand-in stops after the suite. */
export const s3ApiSuite = (now: (() => Date) | undefined, bucket: { FILES_BUCKET: string } | { REPORTS_BUCKET: string }, ip: string) =>
  new S3ApiSuite(now, bucket, ip);
