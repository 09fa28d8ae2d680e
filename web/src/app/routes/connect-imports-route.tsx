import { hasBit, SECURITY_FLAGS } from '@portal/core/auth';
import { ImportsRoute } from '../../features/imports/routes/imports-route.tsx';
import { useSession } from '../../lib/auth.ts';

/**
 * /connect/imports and /connect/imports/:fileId (ADR 069, ADR 079): the imports feature's screens. The
 * supplier's staff (security flag global) choose a day's imports of every folder; a customer's user its own
 * folder's. The API decides what each may read; this only picks the list's default.
 */
export function ConnectImportsRoute() {
  return <ImportsRoute global={hasBit(useSession().status?.user?.securityFlag ?? 0, SECURITY_FLAGS.global)} />;
}

export { ImportRoute as ConnectImportRoute } from '../../features/imports/routes/import-route.tsx';
