import type { ModuleName, ModulePermissionName } from '@portal/core/auth';
import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';
import { AUTH, PERMISSION } from '@portal/core/auth';

/** 403 for a function the actor's flags do not open (ADR 015). */
export const permissionDenied = () => new AppError('forbidden', PERMISSION.DENIED, 'You do not have permission for this function.');

/** Per function: the actor holds one of `permissions` of `module`, else 403 (ADR 015). */
export function requirePermission<M extends ModuleName>(actor: Actor, module: M, ...permissions: ModulePermissionName<M>[]): void {
  const held: Readonly<Record<string, boolean>> = actor.access.modules[module].permissions;
  if (!permissions.some((p) => held[p])) throw permissionDenied();
}

/** Sections that need the higher authentication standard (sales, couponing; ADR 006): else 403. */
export function requireStrongAuthentication(actor: Actor): void {
  if (!actor.strongAuthentication) {
    throw new AppError(
      'forbidden',
      AUTH.STRONG_AUTHENTICATION_REQUIRED,
      'This section requires a higher authentication standard. Please activate multi-factor authentication for your account to access this section.',
    );
  }
}
