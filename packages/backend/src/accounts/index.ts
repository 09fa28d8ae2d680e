// The accounts domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export {
  accountKey,
  accountKeys,
  accountStatusUpdate,
  accounts,
  expireAccountPassword,
  findAccountsByEmail,
  getAccount,
  listAccountsOfCustomer,
  newAccountPut,
  type PasswordChange,
  recordLogin,
  replacePassword,
  replacePasswordUpdate,
  setAccountAccess,
  setAccountStatus,
  teamAccessUpdate,
  upsertAccount,
} from './account-entity.ts';
export { type Account, AccountFields, type StoredAccount, usernameKey } from './account-record.ts';
export { getLinkToken, type LinkToken } from './email-change-entity.ts';
export { createLoginGuard, type LoginGuard } from './login-guard.ts';
export { type Reauth, reauthFreshUntil, type ReauthSession } from './reauth.ts';
