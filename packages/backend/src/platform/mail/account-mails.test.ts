import { describe, expect, it } from 'vitest';
import { accountMails } from './account-mails.ts';

/** The account mails in the account's language (ADR 090): subjects, bodies, counted minutes and hours. */
describe('account mails', () => {
  it('writes the sign-in code mail (OTP) in Polish with its diacritics and plural forms', async () => {
    const mail = await accountMails.signInCode('anna@example.pl', 'pl-pl', '482913', 10);
    expect(mail).toEqual({
      to: 'anna@example.pl',
      subject: 'Kod logowania',
      text: [
        'Kod logowania do portalu: 482913.',
        '',
        'Kod jest ważny przez 10 minut i można go użyć tylko raz. Jeśli nie próbujesz się zalogować, zmień hasło.',
      ].join('\n'),
    });
    expect((await accountMails.signInCode('a@x', 'pl-PL', '1', 2)).text).toContain('ważny przez 2 minuty');
    expect((await accountMails.signInCode('a@x', 'pl-PL', '1', 1)).text).toContain('ważny przez 1 minutę');
  });

  it('picks the account locale of either portal; an unknown or missing one reads English', async () => {
    const subjects = await Promise.all(
      ['en-US', 'en-en', 'de-DE', 'de-de', 'fr-FR', 'pl-PL', 'pl-pl', 'it-IT', undefined].map(
        async (locale) => (await accountMails.signInCode('a@x', locale, '1', 10)).subject,
      ),
    );
    expect(subjects).toEqual([
      'Your sign-in code',
      'Your sign-in code',
      'Ihr Anmeldecode',
      'Ihr Anmeldecode',
      'Votre code de connexion',
      'Kod logowania',
      'Kod logowania',
      'Your sign-in code',
      'Your sign-in code',
    ]);
    expect((await accountMails.signInCode('a@x', 'en-US', '123456', 10)).text).toBe(
      'Your portal sign-in code is 123456.\n\nIt is valid for 10 minutes and works once. If you did not try to sign in, change your password.',
    );
  });

  it('fills every mail of an account in every language: no placeholder is left', async () => {
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'pl-PL']) {
      const mails = await Promise.all([
        accountMails.setupCode('a@x', locale, '123456', 10),
        accountMails.passwordReset('a@x', locale, 'anna.k', 'https://portal.example/forgot-password?token=t', 30),
        accountMails.confirmNewAddress('new@x', locale, 'anna.k', 'https://portal.example/confirm-email?token=t', 24),
        accountMails.changeRequested('a@x', locale, 'anna.k', 'new@x'),
        accountMails.changeCompleted('a@x', locale, 'anna.k', 'new@x'),
      ]);
      for (const mail of mails) {
        expect(`${mail.subject}\n${mail.text}`, locale).not.toMatch(/\{\w+\}/);
      }
      expect(mails[1]!.text).toContain('https://portal.example/forgot-password?token=t');
      expect(mails[2]!.text).toContain('https://portal.example/confirm-email?token=t');
    }
    const reset = await accountMails.passwordReset('a@x', 'pl-PL', 'anna.k', 'https://l', 30);
    expect(reset.subject).toBe('Resetowanie hasła do portalu');
    expect(reset.text).toContain('Otrzymaliśmy prośbę o zresetowanie hasła do konta „anna.k” w portalu.');
    expect(reset.text).toContain('otwórz ten link w ciągu 30 minut (działa tylko raz):');
    const confirm = await accountMails.confirmNewAddress('new@x', 'de-de', 'anna.k', 'https://l', 24);
    expect(confirm.text).toContain('innerhalb von 24 Stunden');
    expect((await accountMails.confirmNewAddress('new@x', 'pl-pl', 'anna.k', 'https://l', 24)).text).toContain('w ciągu 24 godzin');
  });
});
