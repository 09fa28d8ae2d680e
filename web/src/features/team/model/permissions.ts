import { MODULE_FLAGS, MODULE_NAMES, type ModuleName } from '@portal/core/auth';
import { type TeamPermissions } from '@portal/core/auth/team';
import { optionalText } from '../../../i18n/index.ts';

/**
 * Permissions as the Users screens show them (ADR 113): in words, one checkbox each. The wire names them by
 * module (`{ ordering: ['cardOrdering'] }`); the screens by `module.permission` key (ADR 024's spelling), in
 * core's flag-map order, so a list reads the same on every row.
 */
export interface PermissionRef {
  module: ModuleName;
  permission: string;
  key: string;
}

const ALL: readonly PermissionRef[] = MODULE_NAMES.flatMap((module) =>
  Object.keys(MODULE_FLAGS[module].permissions).map((permission) => ({ module, permission, key: `${module}.${permission}` })),
);

/** The permissions of a wire value, as refs in core's order (unknown names are left out). */
export function permissionRefs(permissions: TeamPermissions): PermissionRef[] {
  return ALL.filter((ref) => permissions[ref.module]?.includes(ref.permission) === true);
}

export const permissionKeys = (permissions: TeamPermissions): string[] => permissionRefs(permissions).map((ref) => ref.key);

/** `module.permission` keys back into the wire's shape. */
export function toPermissions(keys: readonly string[]): TeamPermissions {
  const permissions: TeamPermissions = {};
  for (const ref of ALL) {
    if (keys.includes(ref.key)) permissions[ref.module] = [...(permissions[ref.module] ?? []), ref.permission];
  }
  return permissions;
}

/** A permission in words (the team catalogue's `team.permission.<module>.<permission>`), its key when a text is missing. */
export const permissionText = (permission: Pick<PermissionRef, 'key'>): string =>
  optionalText(`team.permission.${permission.key}`) ?? permission.key;
