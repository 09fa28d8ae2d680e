import type { Backend } from '@portal/backend';
import type { AllocationChange } from '@portal/core/product';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../../../tests/support/test-backend.ts';
import { approveChange, putNewChange, setAtScope } from './allocation-entity.ts';
import { ALLOCATION_COPY_MS, allocatedAtStore, forgetCopies } from './allocation-store.ts';

/**
 * The products step's copy of a customer's allocation items (ADR 108): a busy store costs one GetItem
 * of its own item while the copy is younger than ALLOCATION_COPY_MS; an older copy, a write of this process or a
 * fresh read (order submit) loads all three items in one BatchGetItem; a change approved into the copy starts
 * on its day from the copy.
 */
let backend: Backend;
const names: string[] = [];
const where = { customerId: 'R-C', storeId: 'S-C1', divisionId: 'D-C1' };
const T0 = new Date('2026-11-29T22:59:00Z'); // 23:59:00 in Berlin
const at = (ms: number) => new Date(T0.getTime() + ms);
const read = async (ms: number, cached = true) => {
  names.length = 0;
  const { allocated, calls } = await allocatedAtStore(backend.db, where, ['P-1'], at(ms), { cached });
  return { products: [...allocated].sort(), calls, commands: [...names] };
};

beforeAll(async () => {
  backend = await createTestBackend(() => T0);
  backend.db.doc.middlewareStack.add(
    (next, context) => async (args) => {
      names.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'commandNames' },
  );
  await setAtScope(backend.db, 'R-C', { level: 'customer' }, 'P-2', true);
});

describe("the products step's copy of the customer's allocation", () => {
  it('reads the three items once, then only the store item while the copy is young', async () => {
    expect(await read(0)).toEqual({ products: ['P-1', 'P-2'], calls: 1, commands: ['BatchGetItemCommand'] });
    expect(await read(10_000)).toEqual({ products: ['P-1', 'P-2'], calls: 1, commands: ['GetItemCommand'] });
  });

  it("answers another process's write after the copy's age; order submit (not cached) at once", async () => {
    await setAtScope(backend.db, 'R-C', { level: 'customer' }, 'P-2', false);
    expect((await read(20_000)).products).toEqual(['P-1', 'P-2']);
    expect(await read(ALLOCATION_COPY_MS + 1)).toEqual({ products: ['P-1'], calls: 1, commands: ['BatchGetItemCommand'] });
    await setAtScope(backend.db, 'R-C', { level: 'customer' }, 'P-2', true);
    expect(await read(ALLOCATION_COPY_MS + 2, false)).toEqual({ products: ['P-1', 'P-2'], calls: 1, commands: ['BatchGetItemCommand'] });
  });

  it("drops the copy on this process's own writes, and starts a copied change on its day", async () => {
    const change: AllocationChange = {
      changeId: `AC-${'c'.repeat(22)}`,
      customerId: 'R-C',
      kind: 'deallocation',
      productId: 'P-1',
      scope: { level: 'division', divisionId: 'D-C1' },
      effectiveDay: '2026-11-30',
      timezone: 'Europe/Berlin',
      status: 'pending',
      requestedBy: 'a',
      requestedAt: T0.toISOString(),
    };
    expect(await putNewChange(backend.db, change)).toBe(true);
    expect(await approveChange(backend.db, { ...change, status: 'approved', decidedBy: 'b', decidedAt: T0.toISOString() })).toBe(true);
    expect((await read(ALLOCATION_COPY_MS + 3)).commands).toEqual(['GetItemCommand']);
    forgetCopies(backend.db, 'R-C');
    const start = ALLOCATION_COPY_MS + 10_000; // 23:59:40 in Berlin
    expect(await read(start)).toEqual({ products: ['P-1', 'P-2'], calls: 1, commands: ['BatchGetItemCommand'] });
    // Midnight in Berlin passes while the copy is young: the change starts from the copy.
    expect(await read(start + 25_000)).toEqual({ products: ['P-2'], calls: 1, commands: ['GetItemCommand'] });
  });
});
