import { type Texts, textsFor } from '../texts/server-texts.ts';
import type { Mail } from './mailer.ts';

/**
 * The mails of an account, in the account's language (its locale; ADR 090): the sign-in and set-up codes
 * (ADR 012), the password reset link, and the mails of an e-mail address change (ADR 017): the link goes
 * to the NEW address (proving it is reachable and the owner's), the notices to the OLD one (so a change
 * the owner did not make is seen). `locale` is the account's; the texts load with the first mail.
 */
/** A mail in the account's language: `write` takes the loaded texts and answers the subject and the lines. */
async function mailIn(
  to: string,
  locale: string | undefined,
  write: (texts: Texts) => { subject: string; lines: string[] },
): Promise<Mail> {
  const { subject, lines } = write(await textsFor(locale));
  return { to, subject, text: lines.join('\n') };
}

/** The body of a mail with a single-use link: why it came, how long the link is good, the link, what if unexpected. */
const linkLines = (why: string, validity: string, link: string, unexpected: string) => [why, '', validity, link, '', unexpected];

/** A mail carrying a one-time code (sign-in or set-up, ADR 012): the code, then how long it is valid. */
const codeMail = (kind: 'signInCode' | 'setupCode') => (to: string, locale: string | undefined, code: string, validMinutes: number) =>
  mailIn(to, locale, ({ t, texts }) => ({
    subject: texts[kind].subject,
    lines: [t(texts[kind].body, { code }), '', t(texts[kind].validity, { count: validMinutes })],
  }));

export const accountMails = {
  signInCode: codeMail('signInCode'),
  setupCode: codeMail('setupCode'),

  passwordReset: (to: string, locale: string | undefined, username: string, link: string, validMinutes: number) =>
    mailIn(to, locale, ({ t, texts: { passwordReset: m } }) => ({
      subject: m.subject,
      lines: linkLines(t(m.asked, { username }), t(m.open, { count: validMinutes }), link, m.notYou),
    })),

  /** A team invitation (ADR 113): who invites, the single-use link, how many days it stays good. */
  teamInvitation: (to: string, locale: string | undefined, inviter: string, link: string, validDays: number) =>
    mailIn(to, locale, ({ t, texts: { teamInvitation: m } }) => ({
      subject: m.subject,
      lines: linkLines(t(m.invited, { inviter, email: to }), t(m.open, { count: validDays }), link, m.notExpected),
    })),

  confirmNewAddress: (to: string, locale: string | undefined, username: string, link: string, validHours: number) =>
    mailIn(to, locale, ({ t, texts: { emailChange: m } }) => ({
      subject: m.confirmSubject,
      lines: linkLines(t(m.confirmAsked, { username }), t(m.confirmOpen, { count: validHours }), link, m.confirmUntil),
    })),

  changeRequested: (to: string, locale: string | undefined, username: string, address: string) =>
    mailIn(to, locale, ({ t, texts: { emailChange: m } }) => ({
      subject: m.requestedSubject,
      lines: [t(m.requested, { username, address }), '', m.requestedWhen, m.requestedNotYou],
    })),

  changeCompleted: (to: string, locale: string | undefined, username: string, address: string) =>
    mailIn(to, locale, ({ t, texts: { emailChange: m } }) => ({
      subject: m.completedSubject,
      lines: [t(m.completed, { username, address }), m.completedMails, '', m.completedNotYou],
    })),
};
