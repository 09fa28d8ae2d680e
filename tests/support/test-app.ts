import type { BackendAdapters } from '@portal/backend';
import { createApp } from '../../functions/api/app.ts';
import { createTestBackend } from './test-backend.ts';

/**
 * The API over a fresh createTestBackend (`now`, `adapters` as its), whose caller's address is
 * `<network>.<X-Test-Ip>`: callApi sends every call from a new X-Test-Ip, so the per-address limits (ADR 010,
 * ADR 017) stay out of the tests but those that name their address.
 */
export async function createTestApp(now: () => Date, network: string, adapters: BackendAdapters = {}) {
  const backend = await createTestBackend(now, {}, adapters);
  return { backend, app: createApp(backend, (c) => `${network}.${c.req.header('X-Test-Ip') ?? '0'}`) };
}
