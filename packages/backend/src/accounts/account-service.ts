import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isSupportedLocale, Messages, type Portal, type ProfileForm } from '@portal/core';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';
import { accountKeys, getAccount } from './account-entity.ts';

/** The caller's own account (SPEC 3 Account): read, edit the profile, choose the locale. */
export function createAccountService(db: Db, now: () => Date) {
  async function profile(username: string) {
    const account = await getAccount(db, username);
    if (!account) throw new AppError('not_found', 'ACCOUNT.NOT_FOUND', 'Account not found');
    const { email, firstname, surname, jobTitle, customerId } = account;
    return { email, firstname, surname, jobTitle, customerId };
  }

  return {
    profile,

    /** POST account: 'Changes saved successfully'; the e-mail index follows a changed address. */
    async updateProfile(username: string, form: ProfileForm) {
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: { pk: accountKeys.pk(username), sk: accountKeys.sk },
          UpdateExpression:
            'SET email = :email, gsi1pk = :byEmail, firstname = :first, surname = :sur, jobTitle = :job, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':email': form.email.trim(),
            ':byEmail': accountKeys.gsi1pk(form.email),
            ':first': form.firstname,
            ':sur': form.surname,
            ':job': form.jobTitle,
            ':now': now().toISOString(),
          },
        }),
      );
      return { ...(await profile(username)), message: Messages.changesSaved };
    },

    /** GET account/set-locale: only the portal's supported locales (SPEC 5). */
    async setLocale(username: string, portal: Portal, locale: string) {
      if (!isSupportedLocale(portal, locale)) {
        throw new AppError('input', 'ACCOUNT.LOCALE_UNSUPPORTED', `Locale ${locale} is not supported`, {
          issues: [{ path: 'locale', message: 'Unsupported locale' }],
        });
      }
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key: { pk: accountKeys.pk(username), sk: accountKeys.sk },
          UpdateExpression: 'SET locale = :locale, updatedAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':locale': locale, ':now': now().toISOString() },
        }),
      );
      return { locale };
    },
  };
}
