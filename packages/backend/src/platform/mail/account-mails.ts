import { textsFor } from '../texts/server-texts.ts';
import type { Mail } from './mailer.ts';

/**
 * The mails of an account, in the account's language (its locale; ADR 090): the sign-in and set-up codes
 * (ADR 012), the password reset link, and the mails of an e-mail address change (ADR 017): the link goes
 * to the NEW address (proving it is reachable and the owner's), the notices to the OLD one (so a change
 * the owner did not make is seen). `locale` is the account's; the texts load with the first mail.
 */
/** A mail carrying a one-time code (sign-in or set-up, ADR 012): the code, then how long it is valid. */
const codeMail =
  (kind: 'signInCode' | 'setupCode') =>
  async (to: string, locale: string | undefined, code: string, validMinutes: number): Promise<Mail> => {
    const { t, texts } = await textsFor(locale);
    const m = texts[kind];
    return { to, subject: m.subject, text: [t(m.body, { code }), '', t(m.validity, { count: validMinutes })].join('\n') };
  };

export const accountMails = {
  signInCode: codeMail('signInCode'),
  setupCode: codeMail('setupCode'),

  passwordReset: async (to: string, locale: string | undefined, username: string, link: string, validMinutes: number): Promise<Mail> => {
    const { t, texts } = await textsFor(locale);
    const m = texts.passwordReset;
    return {
      to,
      subject: m.subject,
      text: [t(m.asked, { username }), '', t(m.open, { count: validMinutes }), link, '', m.notYou].join('\n'),
    };
  },

  /** A team invitation (ADR 113): who invites, the single-use link, how many days it stays good. */
  teamInvitation: async (to: string, locale: string | undefined, inviter: string, link: string, validDays: number): Promise<Mail> => {
    const { t, texts } = await textsFor(locale);
    const m = texts.teamInvitation;
    return {
      to,
      subject: m.subject,
      text: [t(m.invited, { inviter, email: to }), '', t(m.open, { count: validDays }), link, '', m.notExpected].join('\n'),
    };
  },

  confirmNewAddress: async (to: string, locale: string | undefined, username: string, link: string, validHours: number): Promise<Mail> => {
    const { t, texts } = await textsFor(locale);
    const m = texts.emailChange;
    return {
      to,
      subject: m.confirmSubject,
      text: [t(m.confirmAsked, { username }), '', t(m.confirmOpen, { count: validHours }), link, '', m.confirmUntil].join('\n'),
    };
  },

  changeRequested: async (to: string, locale: string | undefined, username: string, address: string): Promise<Mail> => {
    const { t, texts } = await textsFor(locale);
    const m = texts.emailChange;
    return {
      to,
      subject: m.requestedSubject,
      text: [t(m.requested, { username, address }), '', m.requestedWhen, m.requestedNotYou].join('\n'),
    };
  },

  changeCompleted: async (to: string, locale: string | undefined, username: string, address: string): Promise<Mail> => {
    const { t, texts } = await textsFor(locale);
    const m = texts.emailChange;
    return {
      to,
      subject: m.completedSubject,
      text: [t(m.completed, { username, address }), m.completedMails, '', m.completedNotYou].join('\n'),
    };
  },
};
