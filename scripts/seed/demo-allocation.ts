import { actorFor, type Backend } from '@portal/backend';
import { getAccount } from '@portal/backend/accounts';
import { applyChange } from '@portal/backend/allocation';
import { addDays } from '@portal/core/shared';

/**
 * The demo's product allocation (ADR 087), made through the allocation service as the demo users: Nordmarkt
 * North (D-1001-N) gets Pixel Arcade (A-10019, not on Nordmarkt's product list) by an applied change, and a
 * pending deallocation of Aurora Games 25 EUR at Nordmarkt Berlin Mitte waits for tomorrow's approval.
 * Fixed Idempotency-Keys: a second run changes nothing.
 */
export async function seedDemoAllocation(backend: Backend): Promise<void> {
  const actor = async (username: string) => {
    const account = await getAccount(backend.db, username);
    if (!account) throw new Error(`demo allocation: no account ${username}`);
    return actorFor(account, { method: 'password' });
  };
  const [requester, approver] = await Promise.all([actor('demo.connect'), actor('demo.approver')]);
  const allocation = backend.allocation;
  // The customer's today (its zone, ADR 108), as the service counts the effective day.
  const { today } = await allocation.overview(requester, 'R-1001');
  const applied = await allocation.create(
    requester,
    'R-1001',
    {
      kind: 'allocation',
      productId: 'A-10019',
      scope: { level: 'division', divisionId: 'D-1001-N' },
      effectiveDay: today,
      note: 'Pixel Arcade for the northern stores',
    },
    'demo-allocation-north-pixel',
  );
  if (applied.change.status === 'pending') {
    const approved = await allocation.approve(approver, 'R-1001', applied.change.changeId);
    await applyChange(backend.db, approved, backend.now());
  }
  await allocation.create(
    requester,
    'R-1001',
    {
      kind: 'deallocation',
      productId: 'A-10002',
      scope: { level: 'stores', storeIds: ['S-100001'] },
      effectiveDay: addDays(today, 1),
      note: 'Aurora Games 25 EUR leaves Berlin Mitte',
    },
    'demo-allocation-berlin-aurora',
  );
}
