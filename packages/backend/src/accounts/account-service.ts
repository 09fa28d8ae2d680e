import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { getAccount } from './account-entity.ts';

/** The caller's own account (SPEC 3 Account); editing comes with the accounts issue. */
export function createAccountService(db: Db) {
  return {
    async profile(username: string) {
      const account = await getAccount(db, username);
      if (!account) throw new AppError('not_found', 'ACCOUNT.NOT_FOUND', 'Account not found');
      const { email, firstname, surname, jobTitle, customerId } = account;
      return { email, firstname, surname, jobTitle, customerId };
    },
  };
}
