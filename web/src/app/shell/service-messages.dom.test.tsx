import type { SessionStatus } from '@portal/core/auth';
import { Messages } from '@portal/core/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { resetSession } from '../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../test/dom.tsx';
import { signedIn } from '../../test/fixtures.ts';

/** The password-expiry notice as the session status carries it (SPEC 3's serviceMessages: core's English texts). */
const expiring = (locale: string): SessionStatus => {
  const status = signedIn();
  return {
    ...status,
    user: { ...status.user!, locale },
    serviceMessages: [{ type: 'warning', title: Messages.passwordNotice, message: Messages.passwordExpiring, unread: true }],
  };
};

describe('service messages in the user’s language', () => {
  beforeEach(() => resetSession('connect'));

  it.each([
    ['de-de', 'Passwort', 'Ihr Passwort läuft bald ab. Bitte erneuern Sie es so bald wie möglich.'],
    ['pl-pl', 'Hasło', 'Hasło wkrótce wygaśnie. Zmień je jak najszybciej.'],
  ])('%s: title and message from the catalogue', async (locale, title, message) => {
    fakeBackend({ 'GET /api/auth/status': { body: expiring(locale) } });
    renderRoute(paths.connect.root);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.queryByText('Password')).toBeNull();
  });
});
