import { Currency, PORTALS } from '@portal/core/shared';
import { MfaMethod, MODULE_NAMES, type ModuleName } from '@portal/core/auth';
import { z } from 'zod';
import { isAllowlistEntry } from '../platform/security/ip-allowlist.ts';

const moduleAccess = z.object({
  permissions: z.number().int().min(0).default(0),
  settings: z.number().int().min(0).default(0),
});
const moduleFields = Object.fromEntries(MODULE_NAMES.map((name) => [name, moduleAccess.optional()])) as {
  [M in ModuleName]: z.ZodOptional<typeof moduleAccess>;
};

/** An account as stored (without its password hash) and as imported. */
export const AccountFields = z.object({
  username: z.string().trim().min(1).max(200),
  email: z.string().trim().email(),
  firstname: z.string().trim().max(100).default(''),
  surname: z.string().trim().max(100).default(''),
  jobTitle: z.string().trim().max(100).default(''),
  customerId: z.string().trim().max(64).default(''),
  status: z.enum(['active', 'locked', 'password expired']).default('active'),
  brandId: z.string().min(1).default('default'),
  portals: z.array(z.enum(PORTALS)).min(1).default(['ordering']),
  securityFlag: z.number().int().min(0).default(0),
  permissions: z.number().int().min(0).default(0),
  settings: z.number().int().min(0).default(0),
  /** One optional entry per module of core's MODULE_FLAGS. */
  modules: z.object(moduleFields).default({}),
  locale: z.string().default('en-US'),
  timezone: z.string().default('Europe/Berlin'),
  currency: Currency.default({
    id: 978,
    name: 'Euro',
    numericCode: '978',
    isoCode: 'EUR',
    symbol: '€',
    decimals: 2,
  }),
  passwordExpiry: z.string().datetime().nullable().default(null),
  mayChangePassword: z.boolean().default(true),
  mfaMethod: MfaMethod.default('none'),
  /** The account must set up MFA before using the portal (login result mfaMustBeSetUp). */
  mfaRequired: z.boolean().default(false),
  /** Addresses or CIDR ranges the account may sign in from; empty means anywhere (INVALID_IP). */
  ipAllowlist: z.array(z.string().refine(isAllowlistEntry, 'not an IP address or CIDR range')).default([]),
  ftpUploadDir: z.string().nullable().default(null),
  documentDirname: z.string().nullable().default(null),
  fileSettings: z.record(z.string(), z.unknown()).default({}),
});
export type AccountFields = z.infer<typeof AccountFields>;

export type Account = AccountFields & {
  usernameKey: string;
  passwordHash: string;
  /** Hashes of the most recent passwords, newest first, the current one included (reuse rule). */
  passwordHistory?: string[];
  lastLogin: { at: string; ip?: string } | null;
  /** The sign-in before the latest one. */
  previousLogin?: { at: string; ip?: string } | null;
  createdAt: string;
  updatedAt: string;
};

/** A requested change of the e-mail address, waiting for its link (issue 10 A). */
export type EmailChange = { address: string; tokenHash: string; validUntil: string };

/**
 * The account item as stored (what getAccount reads): the account and what its owner's actions keep on
 * it, the second-factor state (auth/mfa, ADR 012) and a pending e-mail change.
 */
export type StoredAccount = Account & {
  totpSecret?: string;
  totpPendingSecret?: string;
  totpLastStep?: number;
  recoveryCodeHashes?: string[];
  pendingEmailCode?: { codeHash: string; validUntil: string };
  mfaNoticeDismissed?: boolean;
  emailChange?: EmailChange;
};

/** Usernames are case-insensitive: 'Anna' and 'anna' are one account. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
