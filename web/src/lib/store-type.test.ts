import { describe, expect, it } from 'vitest';
import { storeTypeOf } from './store-type.ts';

const modules = (settings: Record<string, boolean>) => ({ ordering: { permissions: {}, settings } });

describe('storeTypeOf (SPEC 6 showStoreList)', () => {
  it('is stores (0) with showStoreList, else distribution centres (1)', () => {
    expect(storeTypeOf(modules({ showStoreList: true }))).toBe(0);
    expect(storeTypeOf(modules({}))).toBe(1);
    expect(storeTypeOf(undefined)).toBe(1);
  });
});
