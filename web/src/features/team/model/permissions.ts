import { MODULE_FLAGS, MODULE_NAMES, type ModuleName, ORDERING_PERMISSIONS, type SessionUser } from '@portal/core/auth';
import type { Portal } from '@portal/core/shared';
import { optionalText } from '../../../i18n/index.ts';

/**
 * The permissions of a team's account as the admin's screens show them (ADR 113): in words, one checkbox
 * each, and only those the admin holds itself — the server refuses any other bit, so the screen does
 * not offer it. An ordering account carries the ordering module's bits; a connect account the connect
 * modules' bits (every module but ordering).
 */
export interface PermissionRef {
  module: ModuleName;
  permission: string;
  /** `module.permission`, the key a grant names (ADR 024's route-policy spelling). */
  key: string;
}

const ref = (module: ModuleName, permission: string): PermissionRef => ({
  module,
  permission,
  key: `${module}.${permission}`,
});

/** A permission in words (the team catalogue's `team.permission.<module>.<permission>`), its key when a text is missing. */
export const permissionText = (permission: Pick<PermissionRef, 'key'>): string =>
  optionalText(`team.permission.${permission.key}`) ?? permission.key;

/** Every permission an account of `portal` can carry, in the order the screens list them. */
export function portalPermissions(portal: Portal): PermissionRef[] {
  if (portal === 'ordering') return Object.keys(ORDERING_PERMISSIONS).map((name) => ref('ordering', name));
  return MODULE_NAMES.filter((module) => module !== 'ordering').flatMap((module) =>
    Object.keys(MODULE_FLAGS[module].permissions).map((name) => ref(module, name)),
  );
}

type Modules = SessionUser['modules'] | null | undefined;

/** Whether the decoded modules hold `permission`. */
export const holds = (modules: Modules, permission: Pick<PermissionRef, 'module' | 'permission'>): boolean =>
  modules?.[permission.module]?.permissions[permission.permission] === true;

/** What the admin may grant in `portal`: the portal's permissions the admin's own session holds. */
export const grantablePermissions = (portal: Portal, adminModules: Modules): PermissionRef[] =>
  portalPermissions(portal).filter((permission) => holds(adminModules, permission));

/** The `module.permission` keys an account holds, in the screens' order. */
export const heldKeys = (portal: Portal, modules: Modules): string[] =>
  portalPermissions(portal)
    .filter((permission) => holds(modules, permission))
    .map((permission) => permission.key);
