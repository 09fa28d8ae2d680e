import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { closeDialog, resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedIn } from '../../../test/fixtures.ts';
import { overview } from '../model/test-team.ts';

/**
 * A member's page shows its facts, its access form and its actions' buttons first; the actions' dialogs (the
 * confirmation, the password prompt) download when a button is pointed at, focused or pressed (ADR 155).
 */
const loaded = vi.hoisted(() => ({ dialogs: false }));
vi.mock('../components/account-dialogs.tsx', async (original) => {
  loaded.dialogs = true;
  return original();
});

describe("a member's page", () => {
  beforeEach(() => {
    loaded.dialogs = false;
    resetSession('ordering');
    closeDialog('sectionDenied');
    closeDialog('mfaRequired');
    fakeBackend({
      'GET /api/auth/status': { body: signedIn({ mfaStatus: 'app' }, { manageTeam: true, cardOrdering: true }) },
      'GET /api/team': { body: overview() },
    });
  });

  it('loads its dialogs on intent, not with the first view, and opens the one pressed', async () => {
    renderRoute(paths.app.teamUser('anna.k'));
    const deactivate = await screen.findByRole('button', { name: 'Deactivate' }, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Send password reset' })).toBeTruthy();
    expect(loaded.dialogs).toBe(false);

    fireEvent.focus(deactivate);
    await vi.waitFor(() => expect(loaded.dialogs).toBe(true), { timeout: 15_000 });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(deactivate);
    expect(await screen.findByRole('dialog', { name: 'Deactivate this account?' }, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);
});
