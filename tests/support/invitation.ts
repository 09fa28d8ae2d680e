import type { Locator, Page } from 'playwright-core';
import { invitationLink } from './ses-mail.ts';

/**
 * The words of the invitation's screens (ADR 113) in the languages the e2e suites walk them in, as the web's
 * catalogues say them (web/src/i18n/<locale>/team.json): the dialog on the Users screen and the invitation page.
 */
const WORDS = {
  open: { en: 'Invite colleague', de: 'Kollegen einladen' },
  dialog: { en: 'Invite a colleague', de: 'Einen Kollegen einladen' },
  firstName: { en: 'First name', de: 'Vorname' },
  lastName: { en: 'Last name', de: 'Nachname' },
  email: { en: 'E-mail address', de: 'E-Mail-Adresse' },
  send: { en: 'Send invitation', de: 'Einladung senden' },
  // The required fields' names end in an asterisk: "Username*".
  username: { en: /^Username/, de: /^Benutzername/ },
  newPassword: { en: /^New password/, de: /^Neues Passwort/ },
  repeat: { en: 'Repeat new password', de: 'Neues Passwort wiederholen' },
  submit: { en: 'Set password', de: 'Passwort festlegen' },
  ready: { en: 'Your account {username} is ready', de: 'Ihr Konto {username} ist bereit' },
} as const;
export type InvitationLanguage = 'en' | 'de';

/** A colleague to invite, new on every run: username `<name>.<stamp>`, address `e2e.<name>.<stamp>@demo.example`. */
export function newInvitee(name: string, password: string) {
  const stamp = Date.now().toString(36);
  return { email: `e2e.${name}.${stamp}@demo.example`, username: `${name}.${stamp}`, password };
}

/**
 * Opens the invitation dialog on the Users screen and fills the colleague's names and address; answers the
 * dialog, where the test chooses the permissions before sendInvitation.
 */
export async function fillInvitation(
  page: Page,
  language: InvitationLanguage,
  colleague: { firstName: string; lastName: string; email: string },
): Promise<Locator> {
  await page.getByRole('button', { name: WORDS.open[language] }).click();
  const dialog = page.getByRole('dialog', { name: WORDS.dialog[language] });
  await dialog.getByLabel(WORDS.firstName[language]).fill(colleague.firstName);
  await dialog.getByLabel(WORDS.lastName[language]).fill(colleague.lastName);
  await dialog.getByLabel(WORDS.email[language]).fill(colleague.email);
  return dialog;
}

/** Sends the filled invitation dialog and waits for it to close. */
export async function sendInvitation(dialog: Locator, language: InvitationLanguage): Promise<void> {
  await dialog.getByRole('button', { name: WORDS.send[language] }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The invitee's side: opens the link of the mail to `invitee.email` (from the SES stand-in, on the suite's
 * base URL) and fills the username and the new password twice; the test looks, then acceptInvitation.
 */
export async function fillInvitationPage(
  page: Page,
  language: InvitationLanguage,
  stack: { sesUrl: string; baseUrl: string },
  invitee: { email: string; username: string; password: string },
): Promise<void> {
  await page.goto((await invitationLink(stack.sesUrl, invitee.email)).replace(/^https?:\/\/[^/]+/, stack.baseUrl));
  await page.getByLabel(WORDS.username[language]).fill(invitee.username);
  // "Neues Passwort wiederholen" starts like "Neues Passwort": the first field is the new password.
  await page.getByLabel(WORDS.newPassword[language]).first().fill(invitee.password);
  await page.getByLabel(WORDS.repeat[language]).fill(invitee.password);
}

/** Sets the password on the filled invitation page and waits until the account is ready. */
export async function acceptInvitation(page: Page, language: InvitationLanguage, username: string): Promise<void> {
  await page.getByRole('button', { name: WORDS.submit[language] }).click();
  await page.getByText(WORDS.ready[language].replace('{username}', username)).waitFor();
}
