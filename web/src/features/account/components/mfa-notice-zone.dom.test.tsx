import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn } from '../../../test/fixtures.ts';
import type * as MfaNoticeModel from '../model/mfa-notice.ts';

/**
 * Who is not shown the MFA notice does not pay for it (ADR 139): the day in the user's zone builds the page's first
 * Intl date format, whose ICU data cost ~0.1 s at 4x CPU before the shell's first paint and its screen's first read.
 */
const zoneChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../model/mfa-notice.ts', async (original) => {
  const actual = await original<typeof MfaNoticeModel>();
  return {
    ...actual,
    // The notice's text is the day in the user's zone: what builds the date format.
    mfaNoticeText: (...args: Parameters<typeof actual.mfaNoticeText>) => {
      zoneChecks.count++;
      return actual.mfaNoticeText(...args);
    },
  };
});

const brand = {
  body: { id: 'b', name: 'Acme', layout: 'default', texts: { en: { footerLinks: [] } }, customFields: { mfaActivationDate: '2099-03-01' } },
};

describe('the MFA notice', () => {
  beforeEach(() => {
    resetSession('connect');
    zoneChecks.count = 0;
  });

  it('reads no time zone for a user with MFA set up', async () => {
    fakeBackend({ 'GET /api/brand': brand, 'GET /api/auth/status': { body: signedIn({ mfaStatus: 'app' }) } });
    renderRoute(paths.connect.root);
    // The signed-in shell is there (its logout in the footer and bottom bar), the notice is not.
    await waitFor(() => expect(screen.getAllByText('Log out').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('mfa-notice-compact')).toBeNull();
    expect(zoneChecks.count).toBe(0);
  });

  it('reads it for a user it is shown to', async () => {
    fakeBackend({ 'GET /api/brand': brand, 'GET /api/auth/status': { body: signedIn() } });
    renderRoute(paths.connect.root);
    await screen.findByTestId('mfa-notice-compact');
    expect(zoneChecks.count).toBeGreaterThan(0);
  });
});
