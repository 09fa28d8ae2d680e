import { decodeAccess, type DecodedAccess } from '@portal/core/auth';
import type { Account } from '../accounts/index.ts';
import { type SessionRecord, isStrongSession } from '../auth/index.ts';

/**
 * Who acts in a service (ARCHITECTURE convention 5): built by the API from the account and session read
 * on this request, so permissions are always the current ones. Every domain service takes it explicitly
 * and checks permission (./permissions.ts) and object access (./retailer-scope.ts) itself.
 */
export type Actor = {
  username: string;
  displayName: string;
  /** A retailer id, a customer group id, or '' (ADR 015: which retailers a user may act for). */
  customerId: string;
  access: DecodedAccess;
  /** The session meets the higher authentication standard (security flag, MFA or SSO; ADR 006/009/012). */
  strongAuthentication: boolean;
  timezone: string;
  /** The account's locale (e.g. 'de-DE'): the language of documents the server makes, such as the order PDF. */
  locale: string;
  /** The account's brand: its audit log retention (ADR 114). Absent where an actor is made without an account. */
  brandId?: string;
  /** The address of the request (the API sets it): the audit log's "from which address" (ADR 114). */
  ip?: string;
};

export function actorFor(account: Account, session: Pick<SessionRecord, 'method'>): Actor {
  const access = decodeAccess(account);
  const name = `${account.firstname} ${account.surname}`.trim();
  return {
    username: account.username,
    displayName: name === '' ? account.username : name,
    customerId: account.customerId,
    access,
    strongAuthentication: isStrongSession(account, session),
    timezone: account.timezone,
    locale: account.locale,
    brandId: account.brandId,
  };
}
