import { PORTALS, type Portal } from '@portal/core/shared';
import {
  decodeFlags,
  encodeFlags,
  type FlagMap,
  GENERAL_PERMISSIONS,
  GENERAL_SETTINGS,
  MODULE_FLAGS,
  MODULE_NAMES,
  type ModuleName,
  SECURITY_FLAGS,
  ADMIN,
} from '@portal/core/auth';
import * as z from '@portal/core/zod';
import type { Account } from '../accounts/index.ts';
import { inputError } from './admin-input.ts';

/** An account's access as an operator gives it (ADR 013): flag numbers or the names of their bits. */

/** A flag number as given: the number itself, or the names of its bits (core's flag maps). */
export type FlagValue = number | readonly string[];

export type ModuleAccessChange = { permissions?: FlagValue; settings?: FlagValue };

export type AccessChange = {
  portals?: readonly Portal[];
  securityFlag?: FlagValue;
  permissions?: FlagValue;
  settings?: FlagValue;
} & { [M in ModuleName]?: ModuleAccessChange };

export type ModuleFlagField = `${ModuleName}.${'permissions' | 'settings'}`;

/** The maps names are decoded with, per access field. */
export const ACCESS_FLAG_MAPS = {
  securityFlag: SECURITY_FLAGS,
  permissions: GENERAL_PERMISSIONS,
  settings: GENERAL_SETTINGS,
  ...(Object.fromEntries(
    MODULE_NAMES.flatMap((name) => [
      [`${name}.permissions`, MODULE_FLAGS[name].permissions],
      [`${name}.settings`, MODULE_FLAGS[name].settings],
    ]),
  ) as Record<ModuleFlagField, FlagMap>),
} as const satisfies Record<string, FlagMap>;

/**
 * Reads a flag value as typed on a command line: digits are the number itself, `none` or nothing is 0,
 * anything else is a comma-separated list of flag names (checked when the change is applied).
 */
export function parseFlagValue(text: string): FlagValue {
  const value = text.trim();
  if (value === '' || value.toLowerCase() === 'none') return 0;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

export function encodeFlagValue(field: keyof typeof ACCESS_FLAG_MAPS, value: FlagValue): number {
  const map: FlagMap = ACCESS_FLAG_MAPS[field];
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw inputError(ADMIN.INVALID_FLAGS, `${field}: ${value} is not a non-negative whole number`, field);
    }
    return value;
  }
  const unknown = value.filter((name) => !Object.hasOwn(map, name));
  if (unknown.length) {
    const known = Object.keys(map).join(', ') || '(none defined)';
    throw inputError(ADMIN.UNKNOWN_FLAG, `${field}: unknown flag ${unknown.join(', ')} (known: ${known})`, field);
  }
  return encodeFlags(map, value);
}

/** The names of the bits set in `value`, for display. */
export const flagNames = (map: FlagMap, value: number) =>
  Object.entries(decodeFlags(map, value))
    .filter(([, on]) => on)
    .map(([name]) => name);

export function accessNames(account: Pick<Account, 'securityFlag' | 'permissions' | 'settings' | 'modules'>) {
  const module = (name: ModuleName) => ({
    permissions: flagNames(ACCESS_FLAG_MAPS[`${name}.permissions`], account.modules[name]?.permissions ?? 0),
    settings: flagNames(ACCESS_FLAG_MAPS[`${name}.settings`], account.modules[name]?.settings ?? 0),
  });
  return {
    security: flagNames(SECURITY_FLAGS, account.securityFlag),
    permissions: flagNames(GENERAL_PERMISSIONS, account.permissions),
    settings: flagNames(GENERAL_SETTINGS, account.settings),
    ...(Object.fromEntries(MODULE_NAMES.map((name) => [name, module(name)])) as Record<ModuleName, ReturnType<typeof module>>),
  };
}

export type AccessFields = Pick<Account, 'portals' | 'securityFlag' | 'permissions' | 'settings' | 'modules'>;

/** The access fields after `change`; fields it does not name keep their value. */
export function applyAccess(current: AccessFields, change: AccessChange): AccessFields {
  const next: AccessFields = { ...current, modules: { ...current.modules } };
  if (change.portals !== undefined) {
    const portals = z
      .array(z.enum(PORTALS))
      .check(z.minLength(1))
      .safeParse([...new Set(change.portals)]);
    if (!portals.success) throw inputError(ADMIN.INVALID_INPUT, `portals: one or more of ${PORTALS.join(', ')}`, 'portals');
    next.portals = portals.data;
  }
  if (change.securityFlag !== undefined) next.securityFlag = encodeFlagValue('securityFlag', change.securityFlag);
  if (change.permissions !== undefined) next.permissions = encodeFlagValue('permissions', change.permissions);
  if (change.settings !== undefined) next.settings = encodeFlagValue('settings', change.settings);
  for (const name of MODULE_NAMES) {
    const moduleChange = change[name];
    if (!moduleChange || (moduleChange.permissions === undefined && moduleChange.settings === undefined)) continue;
    const before = current.modules[name];
    next.modules[name] = {
      permissions:
        moduleChange.permissions === undefined
          ? (before?.permissions ?? 0)
          : encodeFlagValue(`${name}.permissions`, moduleChange.permissions),
      settings: moduleChange.settings === undefined ? (before?.settings ?? 0) : encodeFlagValue(`${name}.settings`, moduleChange.settings),
    };
  }
  return next;
}

export const isEmptyChange = (change: AccessChange) =>
  change.portals === undefined &&
  change.securityFlag === undefined &&
  change.permissions === undefined &&
  change.settings === undefined &&
  MODULE_NAMES.map((name) => change[name]).every((m) => m?.permissions === undefined && m?.settings === undefined);
