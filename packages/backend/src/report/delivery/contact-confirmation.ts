import { randomBytes } from 'node:crypto';
import { CONFIRMATION_LINK_DAYS, type ConfirmResult, REPORT } from '@portal/core/report';
import { AppError } from '../../errors.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Config } from '../../config.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Clock } from '../../platform/time.ts';
import { confirmContactWrite, getContact, loadReportDefinition, setConfirmationLink, type StoredContact } from '../report-entity.ts';
import { defaultMailsPerDay, takeMailBudget } from './mail-budget-entity.ts';
import { mailTokensFromConfig, type MailTokens } from './mail-tokens.ts';
import { textsFor } from '../../platform/texts/server-texts.ts';
import { escapeHtml, mailSafeName } from './report-mail.ts';

/**
 * Double opt-in of external contacts (ADR 051), the way mailing services do it: a new contact gets one
 * mail with a link, and report mails only after it was followed. The link is signed like the unsubscribe
 * link (mail-tokens.ts, its own label) and names the contact, a nonce and its end: sending it again makes a
 * new nonce (the older link stops working), confirming removes the nonce (the link works once), and a link
 * older than CONFIRMATION_LINK_DAYS is refused. The mail counts against the customer's daily mail budget
 * like a report mail; when it is spent the contact stays pending without a mail, and "send again" may try
 * later. The mail is in the creating user's language, from the portal's sender.
 */
export type ContactConfirmationDeps = {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  tokens: MailTokens;
  appUrl: string;
  now: Clock;
  mailsPerDay: () => Promise<number>;
};

/** The confirmation mail in the contact's language (the creating user's locale; ADR 090). */
export async function confirmationMailContent(locale: string | null | undefined, reportName: string, pageUrl: string) {
  const { t, texts } = await textsFor(locale);
  const m = texts.reportConfirmation;
  const intro = t(m.intro, { name: mailSafeName(reportName) });
  const ignore = t(m.ignore, { count: CONFIRMATION_LINK_DAYS });
  const text = [intro, '', `${m.ask} ${pageUrl}`, '', '--', ignore].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(m.ask)}<br><a href="${escapeHtml(pageUrl)}">${escapeHtml(m.button)}</a></p>`,
    `<hr><p style="color:#6b7280;font-size:13px">${escapeHtml(ignore)}</p>`,
  ].join('\n');
  return { subject: m.subject, text, html };
}

const invalid = () =>
  new AppError('input', REPORT.CONFIRMATION_INVALID, 'This confirmation link is not valid any more. Ask the sender for a new one.');

/**
 * The public page's button (POST /api/report-confirm): pending → confirmed with the latest link, once. A
 * second use of a link whose contact is confirmed answers alike and changes nothing; a replaced, expired,
 * tampered or foreign link is 400 REPORT.CONFIRMATION_INVALID.
 */
export async function confirmContact(deps: Pick<ContactConfirmationDeps, 'db' | 'tokens' | 'now'>, token: string): Promise<ConfirmResult> {
  const { db } = deps;
  const claim = deps.tokens.readConfirm(token);
  if (!claim || claim.until * 1000 < deps.now().getTime()) throw invalid();
  const [contact, definition] = await Promise.all([
    getContact(db, claim.processId, claim.contactId),
    loadReportDefinition(db, claim.processId),
  ]);
  if (!contact || !definition) throw invalid();
  const done = { confirmed: true as const, reportName: definition.name, email: contact.email };
  if (await confirmContactWrite(db, claim.processId, claim.contactId, claim.nonce, deps.now())) return done;
  const again = await getContact(db, claim.processId, claim.contactId);
  if (again && (again.confirmation ?? 'confirmed') === 'confirmed') return done;
  throw invalid();
}

export function createContactConfirmations(deps: ContactConfirmationDeps) {
  const { db } = deps;

  return {
    /**
     * A new link for a pending contact, mailed when the customer's budget allows (answers whether it was
     * mailed). The nonce is stored before the mail goes, so the link works as soon as it arrives.
     */
    async send(input: { processId: string; customerId: string; reportName: string; contact: StoredContact }): Promise<boolean> {
      const at = deps.now();
      const nonce = randomBytes(12).toString('base64url');
      const until = Math.floor(at.getTime() / 1000) + CONFIRMATION_LINK_DAYS * 86_400;
      if (!(await setConfirmationLink(db, input.processId, input.contact.contactId, nonce, null))) return false;
      if (!(await takeMailBudget(db, input.customerId, await deps.mailsPerDay(), at))) return false;
      const token = deps.tokens.confirm({ processId: input.processId, contactId: input.contact.contactId, nonce, until });
      const content = await confirmationMailContent(
        input.contact.locale,
        input.reportName,
        `${deps.appUrl}/report-confirmation?token=${token}`,
      );
      await deps.mailer.send({ to: input.contact.email, ...content });
      await setConfirmationLink(db, input.processId, input.contact.contactId, nonce, deps.now().toISOString());
      return true;
    },

    confirm: (token: string) => confirmContact(deps, token),
  };
}

export type ContactConfirmations = ReturnType<typeof createContactConfirmations>;

/** The API's confirmations: the stage's link key and origin, the process's mailer, the default brand's daily limit. */
export function contactConfirmationsFromConfig(
  config: Config,
  deps: { db: Db; now: Clock; mailer: Pick<Mailer, 'send'> },
): ContactConfirmations {
  return createContactConfirmations({
    db: deps.db,
    mailer: deps.mailer,
    tokens: mailTokensFromConfig(config),
    appUrl: config.APP_URL.replace(/\/+$/, ''),
    now: deps.now,
    mailsPerDay: () => defaultMailsPerDay(deps.db),
  });
}
