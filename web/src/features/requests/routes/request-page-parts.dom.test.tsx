import type { RequestDetail } from '@portal/core/workflow';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { flowUser, requestOf, stepOf, workflowOf } from '../test-support.ts';

// A request's audit trail waits to be near the viewport or for the page's idle mark (components/ui/near-view.tsx,
// ADR 141, 156); happy-dom has no layout, so its IntersectionObserver never reports it near: the page counts as idle.
beforeAll(() => void performance.mark('portal:idle'));

/**
 * A request's page downloads its confirm dialogs (approve, reject, archive) only when a user shows the intent to use
 * one: the pointer on a button, its focus, or the press (ADR 156). Most visits read the request and decide nothing.
 */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../components/request-dialogs.tsx', async (original) => {
  loaded.add('dialogs');
  return original();
});

const workflow = workflowOf({
  steps: [stepOf('data', 'Store data', [{ itemId: 'name', type: 'text', label: 'Store name', required: true }])],
});
const pending: RequestDetail = {
  request: requestOf(workflow, { status: 'pending' }),
  workflow,
  items: [{ id: 'WR-7K3M9Q2X.data.name', stepId: 'data', itemId: 'name', type: 'text', answer: 'Nordmarkt', files: [] }],
  comments: [],
  audit: [
    { at: '2026-11-24T10:00:00.000Z', actor: 'demo.connect', action: 'create', stepId: null, before: null, after: { status: 'draft' } },
  ],
  change: null,
  may: { answer: false, submit: false, approve: true, reject: true, archive: false },
};

describe("a request's confirm dialogs on intent", () => {
  beforeEach(() => {
    loaded.clear();
    resetSession('connect');
    fakeBackend({
      'GET /api/auth/status': { body: flowUser({ approveRequests: true }) },
      'GET /api/flow/workflow-requests/WR-7K3M9Q2X': { body: pending },
    });
  });

  it('shows the request, its decisions and its audit trail without the dialogs', async () => {
    renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    expect(await screen.findByRole('button', { name: 'Approve' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Nordmarkt')).toBeTruthy();
    expect(await screen.findByText(/created the request/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(loaded.has('dialogs')).toBe(false);
  });

  // A module loads once per file: one test shows the intent (the focus: the pointer calls the same preload).
  it('loads them when a user reaches a decision (its focus), and the press opens the dialog', async () => {
    renderRoute(paths.connect.request('WR-7K3M9Q2X'));
    const approve = await screen.findByRole('button', { name: 'Approve' }, { timeout: 15_000 });
    expect(loaded.has('dialogs')).toBe(false);
    fireEvent.focusIn(approve);
    await waitFor(() => expect(loaded.has('dialogs')).toBe(true));
    fireEvent.click(approve);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('textbox', { name: 'Comment (optional)' })).toBeTruthy();
  });
});
