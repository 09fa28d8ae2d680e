import type { AllocationChange, AllocationOverview } from '@portal/core/product';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../../lib/paths.ts';
import { resetSession } from '../../../lib/session.ts';
import { fakeBackend, renderRoute } from '../../../test/dom.tsx';
import { signedInWithModule } from '../../../test/fixtures.ts';

/**
 * The allocation screen against a fake API (ADR 108): the viewer's own pending change offers no
 * Approve (four-eyes, with the reason), another's does; below sm the views are a select, the change dialog's
 * day starts at the customer's today and names its zone.
 */
const status = signedInWithModule('productManagement', {
  allocation: true,
  requestAllocationChanges: true,
  approveAllocationChanges: true,
});
const change = (changeId: string, requestedBy: string): AllocationChange => ({
  changeId,
  customerId: 'R-1',
  kind: 'deallocation',
  productId: 'A-1',
  scope: { level: 'customer' },
  effectiveDay: '2026-12-01',
  timezone: 'America/Los_Angeles',
  status: 'pending',
  requestedBy,
  requestedAt: '2026-11-29T08:00:00.000Z',
});
const overview: AllocationOverview = {
  customerId: 'R-1',
  divisions: [],
  stores: [],
  products: [{ productId: 'A-1', name: 'Aurora 25' }],
  open: [change(`AC-${'a'.repeat(22)}`, 'u'), change(`AC-${'b'.repeat(22)}`, 'someone.else')],
  mayRequest: true,
  mayApprove: true,
  viewer: 'u',
  timezone: 'America/Los_Angeles',
  today: '2026-11-28',
};

describe('the allocation screen', () => {
  beforeEach(() => resetSession('connect'));

  it("disables Approve on the viewer's own change with the reason, keeps it for another's; the views are also a select", async () => {
    const api = fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/product-allocation/customers': { body: { items: [{ customerId: 'R-1', name: 'Retail One' }] } },
      'GET /api/product-allocation/customers/R-1': { body: overview },
      'POST /api/product-allocation/customers/R-1/changes/AC-bbbbbbbbbbbbbbbbbbbbbb/approve': {
        body: { ...overview.open[1], status: 'approved', decidedBy: 'u' },
      },
    });
    renderRoute(paths.connect.productAllocation);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Views' }), { target: { value: 'changes' } });
    const items = within(await screen.findByRole('region', { name: 'Open changes' })).getAllByRole('listitem');
    const [own, other] = items;
    const ownApprove = within(own!).getByRole('button', { name: 'Approve' });
    expect((ownApprove as HTMLButtonElement).disabled).toBe(true);
    expect(ownApprove.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(ownApprove.getAttribute('aria-describedby')!)?.textContent).toMatch(/another approver decides it/);
    expect((within(own!).getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
    const otherApprove = within(other!).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(otherApprove.disabled).toBe(false);
    fireEvent.click(otherApprove);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/approve'))).toBe(true));
  });

  it("the change dialog starts on the customer's today and names its time zone", async () => {
    fakeBackend({
      'GET /api/auth/status': { body: status },
      'GET /api/product-allocation/customers': { body: { items: [{ customerId: 'R-1', name: 'Retail One' }] } },
      'GET /api/product-allocation/customers/R-1': { body: overview },
    });
    renderRoute(paths.connect.productAllocation);
    fireEvent.click(await screen.findByRole('button', { name: 'New change' }));
    const day = (await screen.findByLabelText('Effective date')) as HTMLInputElement;
    expect([day.value, day.min]).toEqual(['2026-11-28', '2026-11-28']);
    expect(screen.getByText("Counted in the customer's time zone (America/Los_Angeles)")).toBeTruthy();
  });
});
