// The platform/mail/ toolkit's face (ADR 060): what other workspaces import from it.
import { lazyService } from '../lazy.ts';

export { createMailer } from './mailer.ts';

/**
 * The account mails (account-mails.ts), loaded with the first of them: their builders and the texts
 * module are a chunk of their own, not part of the API's cold start (budgets.json; ADR 038, 090).
 */
export const accountMails = lazyService(async () => (await import('./account-mails.ts')).accountMails);
