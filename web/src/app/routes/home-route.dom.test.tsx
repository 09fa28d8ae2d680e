import { LOGIN } from '@portal/core/auth';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { loggedOutStatus } from '../../lib/auth.ts';
import { paths } from '../../lib/paths.ts';
import { resetSession, setSession } from '../../lib/session.ts';
import { storedSignedIn } from '../../lib/stored-session.ts';
import { fakeBackend, renderRoute } from '../../test/dom.tsx';
import { signedIn } from '../../test/fixtures.ts';

// The login page paints before the data layer (app/data-bridge.ts) is there and submits through it.
const loginResult = { response: { success: true }, username: 'u', securityFlag: 0, passwordExpired: false };
const brand = { body: { name: 'Acme' } };
// The first test of a run also waits for the data layer's modules to be transformed.
const layerLoad = { timeout: 5_000 };

const signInWith = async (username: string, password: string) => {
  fireEvent.change(await screen.findByLabelText(/^Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  const submit = screen.getByRole('button', { name: 'Login' });
  await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false), layerLoad);
  fireEvent.click(submit);
};

describe('/ : the login page', () => {
  it('signs in with the typed values and goes on to where the session lands', async () => {
    let loggedIn = false;
    const backend = fakeBackend({
      'GET /api/brand': brand,
      'GET /api/auth/status': () => ({ body: loggedIn ? signedIn() : loggedOutStatus }),
      'POST /api/auth/signin': () => {
        loggedIn = true;
        return { body: loginResult };
      },
    });
    const view = renderRoute(paths.home);
    expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(true); // empty form

    await signInWith('u', 'Secret-4242');

    await waitFor(() => expect(view.location().pathname).not.toBe(paths.home));
    expect(backend.callsTo('POST', '/api/auth/signin')[0]?.body).toEqual({ username: 'u', password: 'Secret-4242' });
    expect(view.location().pathname).toBe(paths.app.myAccount); // no MFA yet: My Account (SPEC 2)
  });

  it("shows a refusal under 'Authentication failed' and keeps the typed username", async () => {
    fakeBackend({
      'GET /api/brand': brand,
      'GET /api/auth/status': { body: loggedOutStatus },
      'POST /api/auth/signin': {
        status: 401,
        body: { code: LOGIN.FORM.ERROR.WRONG_PASSWORD, message: 'wrong password' },
      },
    });
    renderRoute(paths.home);

    await signInWith('u', 'not-it');

    expect(await screen.findByText('Authentication failed')).toBeTruthy();
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('u');
  });

  it('shows the spinner, not the card, while a stored signed-in copy waits for the server', async () => {
    setSession('ordering', signedIn()); // the copy in session storage (and in the data layer's store)
    onTestFinished(() => resetSession('ordering'));
    expect(storedSignedIn('ordering')).toBe(true);
    fakeBackend({ 'GET /api/brand': brand, 'GET /api/auth/status': { body: signedIn() } });
    const view = renderRoute(paths.home);
    expect(screen.queryByLabelText(/^Username/)).toBeNull();

    await waitFor(() => expect(view.location().pathname).toBe(paths.app.myAccount), layerLoad);
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
  });
});
