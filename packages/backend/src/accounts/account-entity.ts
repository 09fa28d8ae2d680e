import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import type { TxItem } from '../platform/db/transact.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { onIndex } from '../platform/db/query.ts';
import { type Account, type AccountFields, type StoredAccount, usernameKey } from './account-record.ts';

/**
 * Account items. Access patterns:
 * - get by username:  pk=ACCOUNT#<username lower>, sk=PROFILE (on every signed-in request together with
 *                     the session, one BatchGetItem: auth/session-entity.ts, ADR 028)
 * - find by e-mail:   gsi1 gsi1pk=EMAIL#<email lower>, gsi1sk=ACCOUNT#<username lower>
 * - a customer's:     gsi2 gsi2pk=ACCOUNTS#<customerId>, gsi2sk=ACCOUNT#<username lower> (report recipients, ADR 040)
 */
export const accountKeys = {
  pk: (username: string) => `ACCOUNT#${usernameKey(username)}`,
  sk: 'PROFILE',
  gsi1pk: (email: string) => `EMAIL#${email.trim().toLowerCase()}`,
  gsi2pk: (customerId: string) => `ACCOUNTS#${customerId}`,
};

/** How an account item is read; the session read (auth/session-entity.ts) uses it with `accountKey`. */
export const accounts = entity<StoredAccount>();

export const accountKey = (username: string): Key => ({ pk: accountKeys.pk(username), sk: accountKeys.sk });

export const getAccount = (db: Db, username: string): Promise<StoredAccount | null> => getOne(db, accounts, accountKey(username));

export const findAccountsByEmail = (db: Db, email: string, cursor?: Record<string, unknown>) =>
  listPage(db, accounts, onIndex('gsi1', accountKeys.gsi1pk(email)), { limit: 25, cursor });

/** The accounts whose customerId is this customer (or customer group): a few per customer, one Query. */
export const listAccountsOfCustomer = (db: Db, customerId: string) =>
  listAll(db, accounts, onIndex('gsi2', accountKeys.gsi2pk(customerId)));

/**
 * What the account's owner changes after creation: an import sets them only on create, so re-importing
 * never switches off MFA a user set up or undoes a password renewal (administrators use the admin CLI).
 */
const SET_ON_CREATE_ONLY = new Set(['mfaMethod', 'passwordExpiry']);

/** The stored item of an account's fields, with its keys (without password, times or login). */
function accountItem(fields: AccountFields) {
  const key = usernameKey(fields.username);
  return {
    pk: accountKeys.pk(key),
    sk: accountKeys.sk,
    gsi1pk: accountKeys.gsi1pk(fields.email),
    gsi1sk: accountKeys.pk(key),
    gsi2pk: accountKeys.gsi2pk(fields.customerId),
    gsi2sk: accountKeys.pk(key),
    type: 'account',
    ...fields,
    usernameKey: key,
  };
}

/**
 * The transaction item creating a new account (a team invitation's acceptance, ADR 113): the same item
 * `upsertAccount` writes on create, only if no account has the username (in any case).
 */
export function newAccountPut(db: Db, fields: AccountFields, passwordHash: string, now: Date): TxItem {
  const at = now.toISOString();
  return {
    Put: {
      TableName: db.table,
      Item: { ...accountItem(fields), passwordHash, passwordHistory: [passwordHash], createdAt: at, updatedAt: at, lastLogin: null },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Creates an account, or updates its profile and access fields when it exists. The password hash is
 * written only on create, so re-importing never resets a password a user has changed.
 * With `createOnly` (the admin CLI's create-user) an existing account is left alone: the write fails
 * its condition (ConditionalCheckFailedException) instead.
 */
export async function upsertAccount(
  db: Db,
  fields: AccountFields,
  passwordHash: string,
  now: Date,
  options: { createOnly?: boolean } = {},
): Promise<'created' | 'updated'> {
  const item = accountItem(fields);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':now': now.toISOString(),
    ':hash': passwordHash,
    ':null': null,
  };
  const sets = Object.entries(item)
    .filter(([name]) => name !== 'pk' && name !== 'sk')
    .map(([name, value], i) => {
      names[`#f${i}`] = name;
      values[`:v${i}`] = value;
      return SET_ON_CREATE_ONLY.has(name) ? `#f${i} = if_not_exists(#f${i}, :v${i})` : `#f${i} = :v${i}`;
    });
  const res = await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: { pk: item.pk, sk: item.sk },
      UpdateExpression: `SET ${sets.join(', ')}, updatedAt = :now, createdAt = if_not_exists(createdAt, :now), passwordHash = if_not_exists(passwordHash, :hash), lastLogin = if_not_exists(lastLogin, :null)`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...(options.createOnly ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return res.Attributes?.createdAt ? 'updated' : 'created';
}

/** Records a successful sign-in; conditional so a deleted account is not resurrected. */
export async function recordLogin(db: Db, username: string, at: Date, ip: string | undefined) {
  await db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: { pk: accountKeys.pk(username), sk: accountKeys.sk },
      // The sign-in before this one is what My Account shows as 'Last login' (a security signal).
      UpdateExpression: 'SET previousLogin = if_not_exists(lastLogin, :none), lastLogin = :login',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':login': { at: at.toISOString(), ...(ip ? { ip } : {}) }, ':none': null },
    }),
  );
}

/**
 * The update that replaces the password hash, only if the account is still as the caller read it (hash
 * and status): a parallel change, reset or administrative lock wins and this one fails its condition.
 * Keeps the last hashes for the reuse rule; a password set by its owner ends 'password expired'.
 * Returned as parameters so a reset can put it into one transaction with taking its token.
 */
/** A new password as decided: its hash, the history it joins, its expiry, when. */
export type PasswordChange = { newHash: string; history: string[]; passwordExpiry: string; at: Date };

export function replacePasswordUpdate(db: Db, seen: Pick<Account, 'username' | 'passwordHash' | 'status'>, change: PasswordChange) {
  return {
    TableName: db.table,
    Key: { pk: accountKeys.pk(seen.username), sk: accountKeys.sk },
    UpdateExpression: 'SET passwordHash = :new, passwordHistory = :history, passwordExpiry = :expiry, #status = :status, updatedAt = :now',
    ConditionExpression: 'passwordHash = :seenHash AND #status = :seenStatus',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':new': change.newHash,
      ':history': change.history,
      ':expiry': change.passwordExpiry,
      ':status': seen.status === 'password expired' ? 'active' : seen.status,
      ':now': change.at.toISOString(),
      ':seenHash': seen.passwordHash,
      ':seenStatus': seen.status,
    },
  };
}

/**
 * Sets the password the account holder chose (1 conditional Update, `replacePasswordUpdate`): only if the
 * hash and status are still those `seen`; a lost condition throws ConditionalCheckFailed.
 */
export async function replacePassword(
  db: Db,
  seen: Pick<Account, 'username' | 'passwordHash' | 'status'>,
  change: PasswordChange,
): Promise<void> {
  await db.doc.send(new UpdateCommand(replacePasswordUpdate(db, seen, change)));
}

/**
 * A conditional Update of an existing account (`attribute_exists(pk)` and `condition`), stamping `updatedAt`;
 * a failed condition (the account absent, or `condition` false) throws ConditionalCheckFailed.
 */
function writeExisting(
  db: Db,
  username: string,
  at: Date,
  update: { set: string; values: Record<string, unknown>; names?: Record<string, string>; condition?: string },
) {
  return db.doc.send(
    new UpdateCommand({
      TableName: db.table,
      Key: { pk: accountKeys.pk(username), sk: accountKeys.sk },
      UpdateExpression: `SET ${update.set}, updatedAt = :now`,
      ConditionExpression: update.condition ? `attribute_exists(pk) AND (${update.condition})` : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ...update.values, ':now': at.toISOString() },
      ...(update.names ? { ExpressionAttributeNames: update.names } : {}),
    }),
  );
}

/** `writeExisting` answering whether it applied (false: the account is absent or the condition failed). */
const updateExisting = (...args: Parameters<typeof writeExisting>): Promise<boolean> => applied(writeExisting(...args));

/** The holder's own profile fields (1 Update); an absent account throws ConditionalCheckFailed. */
export async function updateAccountProfile(
  db: Db,
  username: string,
  profile: { firstname: string; surname: string; jobTitle: string },
  at: Date,
) {
  await writeExisting(db, username, at, {
    set: 'firstname = :first, surname = :sur, jobTitle = :job',
    values: { ':first': profile.firstname, ':sur': profile.surname, ':job': profile.jobTitle },
  });
}

/** The holder's locale (1 Update); an absent account throws ConditionalCheckFailed. */
export async function setAccountLocale(db: Db, username: string, locale: string, at: Date) {
  await writeExisting(db, username, at, { set: 'locale = :locale', values: { ':locale': locale } });
}

/** The account's status (1 Update), only from `onlyFrom` when given; false when absent or not in that status. */
export const setAccountStatus = (db: Db, username: string, status: Account['status'], at: Date, onlyFrom?: Account['status']) =>
  updateExisting(db, username, at, {
    set: '#status = :status',
    names: { '#status': 'status' },
    values: { ':status': status, ...(onlyFrom ? { ':from': onlyFrom } : {}) },
    ...(onlyFrom ? { condition: '#status = :from' } : {}),
  });

/** The operator's access settings (1 Update) if the account is unchanged since `seenUpdatedAt`; false otherwise. */
export const setAccountAccess = (
  db: Db,
  username: string,
  next: Pick<Account, 'portals' | 'securityFlag' | 'permissions' | 'settings' | 'modules'>,
  seenUpdatedAt: string | undefined,
  at: Date,
) =>
  updateExisting(db, username, at, {
    set: 'portals = :portals, securityFlag = :security, #permissions = :permissions, #settings = :settings, modules = :modules',
    names: { '#permissions': 'permissions', '#settings': 'settings' },
    values: {
      ':portals': next.portals,
      ':security': next.securityFlag,
      ':permissions': next.permissions,
      ':settings': next.settings,
      ':modules': next.modules,
      ':seen': seenUpdatedAt,
    },
    condition: 'updatedAt = :seen',
  });

/** The password's expiry (1 Update), only when the account may change its password; false otherwise. */
export const expireAccountPassword = (db: Db, username: string, expiry: string, at: Date) =>
  updateExisting(db, username, at, {
    set: 'passwordExpiry = :expiry',
    values: { ':expiry': expiry, ':true': true },
    condition: 'mayChangePassword = :true',
  });

/**
 * The transaction item of a team admin's access change (ADR 113): the module flags and the customer (its
 * gsi2 key moves with it), only if the account is unchanged since `seenUpdatedAt`.
 */
export function teamAccessUpdate(
  db: Db,
  username: string,
  next: Pick<Account, 'modules' | 'customerId'>,
  seenUpdatedAt: string,
  at: Date,
): TxItem {
  return {
    Update: {
      TableName: db.table,
      Key: accountKey(username),
      UpdateExpression: 'SET modules = :modules, customerId = :customer, gsi2pk = :gsi2pk, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND updatedAt = :seen',
      ExpressionAttributeValues: {
        ':modules': next.modules,
        ':customer': next.customerId,
        ':gsi2pk': accountKeys.gsi2pk(next.customerId),
        ':now': at.toISOString(),
        ':seen': seenUpdatedAt,
      },
    },
  };
}

/** The transaction item setting the account's status (ADR 113), only if it is unchanged since `seenUpdatedAt`. */
export function accountStatusUpdate(db: Db, username: string, status: Account['status'], seenUpdatedAt: string, at: Date): TxItem {
  return {
    Update: {
      TableName: db.table,
      Key: accountKey(username),
      UpdateExpression: 'SET #status = :status, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND updatedAt = :seen',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':now': at.toISOString(), ':seen': seenUpdatedAt },
    },
  };
}
