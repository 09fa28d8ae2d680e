import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession, setChosenRetailer } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { sessionUser, signedIn } from '../../../test/fixtures.ts';
import { chooseLocation, clearDraft } from '../model/order-draft.ts';
import { address, product } from '../model/test-products.ts';

/**
 * The quantities' column chooser shows its button on the first view; the open panel (its checkboxes and placement)
 * downloads when the button is pointed at, focused or pressed (ADR 155).
 */
const loaded = vi.hoisted(() => ({ panel: false }));
vi.mock('./column-panel.tsx', async (original) => {
  loaded.panel = true;
  return original();
});

const retailers = { items: [{ customerId: 'R-1', name: 'Nordmarkt', customerGroupId: 'G-1' }], index: 0, maxResults: 10, totalCount: 1 };

describe('the column chooser on the quantities', () => {
  beforeEach(() => {
    loaded.panel = false;
    // A wide screen: the table with its column chooser (phones get the cards and a sort field).
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    resetSession('ordering');
    clearDraft('ordering');
    setChosenRetailer('ordering', { id: 'R-1', name: 'Nordmarkt' });
    chooseLocation('ordering', 'R-1', address());
    fakeBackend({
      'GET /api/auth/status': { body: signedIn({ user: { ...sessionUser({ cardOrdering: true }), strongAuthentication: true } }) },
      'GET /api/replenishment/retailers': { body: retailers },
      'GET /api/replenishment/products': { body: { location: address(), items: [product()] } },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads its panel on intent, not with the first view, and opens it on a press', async () => {
    renderRoute(paths.app.order.location('S1'));
    const button = await screen.findByRole('button', { name: /^Columns/ }, { timeout: 15_000 });
    expect(loaded.panel).toBe(false);
    expect(screen.queryByRole('group', { name: 'Figures shown in the table' })).toBeNull();

    fireEvent.pointerEnter(button);
    await vi.waitFor(() => expect(loaded.panel).toBe(true), { timeout: 15_000 });

    fireEvent.click(button);
    expect(await screen.findByRole('group', { name: 'Figures shown in the table' }, { timeout: 15_000 })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Figures shown in the table' })).toBeNull();
  }, 30_000);
});
