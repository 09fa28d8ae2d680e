import type { Portal } from '@portal/core/shared';
import type { Account, Backend, SessionRecord } from '@portal/backend';
import type { Context } from 'hono';

/** What middleware puts into every request's context. */
export type AppEnv = {
  Variables: {
    backend: Backend;
    requestId: string;
    portal: Portal;
    clientIp: string | undefined;
    session: SessionRecord | null;
    /** The signed-in account, read fresh on every request so permission changes apply at once. */
    account: Account | null;
    sessionToken: string | undefined;
    /** An idempotent write's checked Idempotency-Key, set by `idempotent` (ADR 016, 033); read by idempotencyKey(c). */
    idempotencyKey: string | undefined;
  };
};

/** How the hosting adapter (Lambda or Node) tells the app the caller's address. */
export type ClientIpResolver = (c: Context<AppEnv>) => string | undefined;
