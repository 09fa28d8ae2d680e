import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn } from '../../../test/fixtures.ts';

const brand = {
  body: { id: 'b', name: 'Acme', layout: 'default', texts: { en: { footerLinks: [] } }, customFields: { mfaActivationDate: '2099-03-01' } },
};
const connectUser = signedIn();

describe('the MFA notice', () => {
  beforeEach(() => resetSession('connect'));

  it('is one compact line on a phone (text, set-up link, dismiss); the full notice only from sm on', async () => {
    const backend = fakeBackend({
      'GET /api/brand': brand,
      'GET /api/auth/status': { body: connectUser },
      'POST /api/account/mfa-notice/dismiss': { body: { success: true } },
    });
    renderRoute(paths.connect.root);
    const line = await screen.findByTestId('mfa-notice-compact');
    // Phone only, one row: `sm:hidden`, one text, the link and the close button; the text wraps, never cut (ADR 088).
    expect(line.className).toContain('sm:hidden');
    const short = within(line).getByTestId('mfa-notice-short');
    expect(short.textContent).toBe('MFA becomes mandatory on Mar\u00a01,\u00a02099.'); // the date kept on one line
    expect(short.className).not.toMatch(/truncate|line-clamp|text-ellipsis/);
    expect(within(line).getByRole('link', { name: 'Set up' }).getAttribute('href')).toBe(paths.connect.mfaSetup);
    // The full notice is hidden (display: none) below sm, so a phone's screen reader reads one notice.
    const full = screen.getByText('Multi-factor authentication will be activated for all accounts on March 1, 2099.');
    expect(full.closest('.hidden')?.className).toContain('sm:block');

    fireEvent.click(within(line).getByRole('button', { name: 'Do not show this notice again' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/account/mfa-notice/dismiss')).toHaveLength(1));
  });
});
