import type { Mail } from './mailer.ts';

/**
 * The mails of an e-mail address change (ADR 017): the link goes to the NEW address (proving it is
 * reachable and the owner's), the notices to the OLD one (so a change the owner did not make is seen).
 */
export const accountMails = {
  confirmNewAddress: (to: string, username: string, link: string, validHours: number): Mail => ({
    to,
    subject: 'Confirm your new portal e-mail address',
    text: [
      `The portal account "${username}" asked to use this e-mail address from now on.`,
      '',
      `To confirm it, open this link within ${validHours} hours (it works once):`,
      link,
      '',
      'Until then the account keeps its current address. If you did not ask for this, ignore this mail.',
    ].join('\n'),
  }),

  changeRequested: (to: string, username: string, newAddress: string): Mail => ({
    to,
    subject: 'Your portal e-mail address is about to change',
    text: [
      `Someone signed in as "${username}" asked to change the account's e-mail address to ${newAddress}.`,
      '',
      'The change takes effect only when the link sent to the new address is followed.',
      'If this was not you, sign in, cancel the change under My Account and change your password.',
    ].join('\n'),
  }),

  changeCompleted: (to: string, username: string, newAddress: string): Mail => ({
    to,
    subject: 'Your portal e-mail address was changed',
    text: [
      `The e-mail address of the portal account "${username}" is now ${newAddress}.`,
      'Mails for this account, password reset links included, now go to that address.',
      '',
      'If this was not you, contact your administrator at once.',
    ].join('\n'),
  }),
};
