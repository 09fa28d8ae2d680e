import type { Portal } from '@portal/core/shared';
import {
  decodeFlags,
  encodeFlags,
  type FlagMap,
  MODULE_FLAGS,
  MODULE_NAMES,
  type ModuleName,
  SECURITY_FLAGS,
  TEAM,
  hasBit,
} from '@portal/core/auth';
import { TEAM_ADMIN_PERMISSION, TEAM_MODULES, type TeamPermissions } from '@portal/core/auth/team';
import type { Account } from '../accounts/index.ts';
import { AppError } from '../errors.ts';

/**
 * The rules of the customer's own administrator (ADR 113), free of I/O: which bits it may grant (no
 * escalation: a granted bit is one the admin holds itself, per module), which accounts are within its reach.
 */

type Modules = Account['modules'];
type AccessHolder = Pick<Account, 'modules'>;

const permissionMap = (module: ModuleName): FlagMap => MODULE_FLAGS[module].permissions;
const bitsOf = (holder: AccessHolder, module: ModuleName) => holder.modules[module]?.permissions ?? 0;

/** The modules of the portal whose bits its admin grants. */
export const portalModules = (portal: Portal): readonly ModuleName[] => TEAM_MODULES[portal];

/** Holds the portal's manageTeam bit (flags.ts). */
export function isTeamAdmin(account: AccessHolder, portal: Portal): boolean {
  const { module, permission } = TEAM_ADMIN_PERMISSION[portal];
  return hasBit(bitsOf(account, module), permissionMap(module)[permission] ?? 0);
}

/** The supplier's staff (security flag `global`) are no customer's team member (ADR 015). */
export const isSupplierStaff = (account: Pick<Account, 'securityFlag'>) => hasBit(account.securityFlag, SECURITY_FLAGS.global);

/** The names of the bits `holder` has in the portal's modules (modules without bits left out). */
export function permissionsOf(holder: AccessHolder, portal: Portal): TeamPermissions {
  const out: TeamPermissions = {};
  for (const module of portalModules(portal)) {
    const names = Object.entries(decodeFlags(permissionMap(module), bitsOf(holder, module)))
      .filter(([, on]) => on)
      .map(([name]) => name);
    if (names.length > 0) out[module] = names;
  }
  return out;
}

/** Every bit of every module `member` holds is one `admin` holds too: the admin may act on the whole account. */
export function isWithinReach(admin: AccessHolder, member: AccessHolder): boolean {
  return MODULE_NAMES.every((module) => {
    const theirs = decodeFlags(permissionMap(module), bitsOf(member, module));
    const mine = decodeFlags(permissionMap(module), bitsOf(admin, module));
    return Object.entries(theirs).every(([name, on]) => !on || mine[name] === true);
  });
}

const escalation = (issues: { path: string; message: string }[]) =>
  new AppError('forbidden', TEAM.ESCALATION, 'You can only grant permissions you hold yourself.', { issues });

/**
 * The module flags after an admin's change: per module of its portal, the bits it holds are set as
 * `requested` says; the bits it lacks stay as `current` has them (it neither grants nor takes them). A
 * requested bit it lacks that the member does not already have, or a module of another portal, is a 403
 * TEAM.ESCALATION naming each. Settings and the other portal's modules are left as they are.
 */
export function grantedModules(admin: AccessHolder, current: Modules, requested: TeamPermissions, portal: Portal): Modules {
  const modules = portalModules(portal);
  const issues: { path: string; message: string }[] = [];
  for (const module of Object.keys(requested)) {
    if (!modules.some((m) => m === module)) issues.push({ path: `permissions.${module}`, message: `Not a module of the ${portal} portal` });
  }
  const next: Modules = { ...current };
  for (const module of modules) {
    const map = permissionMap(module);
    const mine = decodeFlags(map, bitsOf(admin, module));
    const theirs = decodeFlags(map, current[module]?.permissions ?? 0);
    const wanted = new Set(requested[module] ?? []);
    const names = Object.keys(map).filter((name) => (mine[name] ? wanted.has(name) : theirs[name]));
    for (const name of wanted) {
      if (!mine[name] && !theirs[name]) issues.push({ path: `permissions.${module}`, message: `You do not hold ${module}.${name}` });
    }
    const permissions = encodeFlags(map, names);
    if (permissions > 0 || current[module]) next[module] = { permissions, settings: current[module]?.settings ?? 0 };
  }
  if (issues.length > 0) throw escalation(issues);
  return next;
}
