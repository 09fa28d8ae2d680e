import { Currency, isKnownLocale, MAX_LENGTH, maxJsonLength, maxKeys, PORTALS } from '@portal/core/shared';
import { MfaMethod, MODULE_NAMES, type ModuleName } from '@portal/core/auth';
import * as z from '@portal/core/zod';
import { isAllowlistEntry } from '../platform/security/ip-allowlist.ts';

const moduleAccess = z.object({
  permissions: z._default(z.number().check(z.int(), z.gte(0)), 0),
  settings: z._default(z.number().check(z.int(), z.gte(0)), 0),
});
const moduleFields = Object.fromEntries(MODULE_NAMES.map((name) => [name, z.optional(moduleAccess)])) as {
  [M in ModuleName]: z.ZodMiniOptional<typeof moduleAccess>;
};

/**
 * An account as stored (without its password hash) and as imported. Every text and list has a length
 * bound (ADR 052): an import line over one is a line error and stores nothing; an e-mail address at most
 * RFC 5321's 254 characters.
 */
export const AccountFields = z.object({
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  email: z.string().check(z.trim(), z.maxLength(MAX_LENGTH.email), z.email()),
  firstname: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  surname: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  jobTitle: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  customerId: z._default(z.string().check(z.trim(), z.maxLength(64)), ''),
  status: z._default(z.enum(['active', 'locked', 'password expired']), 'active'),
  brandId: z._default(z.string().check(z.minLength(1), z.maxLength(64)), 'default'),
  portals: z._default(z.array(z.enum(PORTALS)).check(z.minLength(1), z.maxLength(PORTALS.length)), ['ordering']),
  securityFlag: z._default(z.number().check(z.int(), z.gte(0)), 0),
  permissions: z._default(z.number().check(z.int(), z.gte(0)), 0),
  settings: z._default(z.number().check(z.int(), z.gte(0)), 0),
  /** One optional entry per module of core's MODULE_FLAGS. */
  modules: z._default(z.object(moduleFields), {}),
  /** Any portal's locale code (connect en-en/de-de/pl-pl, ordering en-US/de-DE/fr-FR/pl-PL); each portal maps it. */
  locale: z._default(z.string().check(z.maxLength(16), z.refine(isKnownLocale, 'Unsupported locale')), 'en-US'),
  timezone: z._default(z.string().check(z.maxLength(64)), 'Europe/Berlin'),
  currency: z._default(Currency, {
    id: 978,
    name: 'Euro',
    numericCode: '978',
    isoCode: 'EUR',
    symbol: '€',
    decimals: 2,
  }),
  passwordExpiry: z._default(z.nullable(z.string().check(z.maxLength(40), z.iso.datetime())), null),
  mayChangePassword: z._default(z.boolean(), true),
  mfaMethod: z._default(MfaMethod, 'none'),
  /** The account must set up MFA before using the portal (login result mfaMustBeSetUp). */
  mfaRequired: z._default(z.boolean(), false),
  /** Addresses or CIDR ranges the account may sign in from; empty means anywhere (INVALID_IP). */
  ipAllowlist: z._default(
    z.array(z.string().check(z.maxLength(64), z.refine(isAllowlistEntry, 'not an IP address or CIDR range'))).check(z.maxLength(100)),
    [],
  ),
  ftpUploadDir: z._default(z.nullable(z.string().check(z.maxLength(255))), null),
  documentDirname: z._default(z.nullable(z.string().check(z.maxLength(255))), null),
  fileSettings: z._default(z.record(z.string().check(z.maxLength(64)), z.unknown()).check(maxKeys(50), maxJsonLength(10_000)), {}),
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

/** A requested change of the e-mail address, waiting for its link (ADR 017). */
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
  /** Registered passkeys (ADR 098 item 6): the sign-in's second step offers one when there are any (ADR 112). */
  passkeyCount?: number;
};

/** Usernames are case-insensitive: 'Anna' and 'anna' are one account. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
