import type { AddressRow } from '@portal/core/ordering';
import { describe, expect, it } from 'vitest';
import { addressOptions } from './address-options.ts';

const address = (storeId: string, name: string, status: AddressRow['status'] = 'active') => ({ storeId, name, status });
const labels = { all: 'All stores', deleted: 'deleted' };

describe('addressOptions', () => {
  it('offers "all" first, then each address by name, a deleted one marked', () => {
    expect(addressOptions([address('S-1', 'Alpha'), address('S-2', 'Beta', 'deleted')], '', labels)).toEqual([
      { value: '', label: 'All stores' },
      { value: 'S-1', label: 'Alpha' },
      { value: 'S-2', label: 'Beta (deleted)' },
    ]);
  });

  it('keeps a chosen address that is not offered any more by its id, and adds nothing for one that is', () => {
    expect(addressOptions([address('S-1', 'Alpha')], 'S-9', labels).at(-1)).toEqual({ value: 'S-9', label: 'S-9' });
    expect(addressOptions([address('S-1', 'Alpha')], 'S-1', labels)).toHaveLength(2);
  });
});
