import { AllocationChangeInput } from '@portal/core/product';
import { describe, expect, it } from 'vitest';
import { type ChangeForm, inputOf } from './change-form.ts';

const form = (patch: Partial<ChangeForm>): ChangeForm => ({
  kind: 'deallocation',
  productId: 'P-1',
  toProductId: 'P-2',
  level: 'customer',
  divisionId: 'D-1',
  storeIds: ['S-1'],
  effectiveDay: '2026-12-01',
  assetUrl: '',
  productName: '',
  note: ' ',
  ...patch,
});

describe('the change dialog input (ADR 087)', () => {
  it('sends each kind only its own fields, so the strict contract accepts it', () => {
    expect(inputOf(form({ level: 'stores' }))).toEqual({
      kind: 'deallocation',
      productId: 'P-1',
      scope: { level: 'stores', storeIds: ['S-1'] },
      effectiveDay: '2026-12-01',
    });
    expect(inputOf(form({ kind: 'productChange', level: 'division', note: 'swap' }))).toEqual({
      kind: 'productChange',
      productId: 'P-1',
      toProductId: 'P-2',
      scope: { level: 'division', divisionId: 'D-1' },
      effectiveDay: '2026-12-01',
      note: 'swap',
    });
    expect(inputOf(form({ kind: 'deactivation', level: 'stores' }))).toEqual({
      kind: 'deactivation',
      productId: 'P-1',
      effectiveDay: '2026-12-01',
    });
    for (const kind of ['allocation', 'deallocation', 'productChange', 'deactivation'] as const)
      expect(AllocationChangeInput.safeParse(inputOf(form({ kind }))).success).toBe(true);
    expect(AllocationChangeInput.safeParse(inputOf(form({ kind: 'assetChange', assetUrl: 'https://cdn.example/a.png' }))).success).toBe(
      true,
    );
    expect(AllocationChangeInput.safeParse(inputOf(form({ kind: 'productCreation', productName: 'New card' }))).success).toBe(true);
  });
});
