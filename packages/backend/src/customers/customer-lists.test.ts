import type { Backend } from '@portal/backend';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, importOk } from '../../../../tests/support/test-backend.ts';
import { countCalls } from '../platform/db/call-counter.ts';
import { allCustomerRoles } from './customer-entity.ts';

/**
 * The whole retailer and provider lists (versioned-list.ts): read from the process's copy while they have
 * not changed (1 GetItem of the version), read again at once after a role write moved the version. The copy's
 * load time and the change's time come from the backend's one clock: `later` moves it past the settle time.
 */
let now = new Date('2026-11-21T10:00:00Z');
let backend: Backend;
beforeAll(async () => {
  backend = await createTestBackend(() => now);
  await importOk(backend, 'retailers', [
    { customerId: 'VL-R1', name: 'Alpha' },
    { customerId: 'VL-R2', name: 'Beta' },
  ]);
  await importOk(backend, 'providers', [{ customerId: 'VL-P1', name: 'Gamma' }]);
});

const names = async (kind: 'retailer' | 'provider') => (await allCustomerRoles(backend.db, kind, now)).map((r) => r.name);
const later = () => (now = new Date(now.getTime() + 6_000));

describe('allCustomerRoles', () => {
  it('answers from memory while the list is unchanged: one GetItem instead of the index read', async () => {
    later();
    expect(await names('retailer')).toEqual(['Alpha', 'Beta']);
    const counter = countCalls(backend.db, 'countListCalls');
    try {
      const again = await counter.counted(() => names('retailer'));
      expect(again).toEqual({ result: ['Alpha', 'Beta'], calls: 1 });
    } finally {
      counter.stop();
    }
  });

  it('sees a role write at once (the write moves the version), and only in its own list', async () => {
    expect(await names('provider')).toEqual(['Gamma']);
    later();
    await importOk(backend, 'retailers', [
      { customerId: 'VL-R3', name: 'Aardvark' },
      { customerId: 'VL-R1', name: 'Alpha renamed' },
    ]);
    expect(await names('retailer')).toEqual(['Aardvark', 'Alpha renamed', 'Beta']);
    later();
    const counter = countCalls(backend.db, 'countProviderCalls');
    try {
      expect((await counter.counted(() => names('provider'))).calls).toBe(1);
    } finally {
      counter.stop();
    }
  });

  it('reads the index again while a change is settling (the index may not show it yet)', async () => {
    await importOk(backend, 'providers', [{ customerId: 'VL-P2', name: 'Delta' }]);
    const counter = countCalls(backend.db, 'countSettlingCalls');
    try {
      expect(await counter.counted(() => names('provider'))).toEqual({ result: ['Delta', 'Gamma'], calls: 2 });
      expect((await counter.counted(() => names('provider'))).calls).toBe(2);
    } finally {
      counter.stop();
    }
  });
});
