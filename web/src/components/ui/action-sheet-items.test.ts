import { describe, expect, it } from 'vitest';
import { assertActionSheetItemCount } from './action-sheet-items.ts';

describe('action sheet limits (SPEC 5)', () => {
  it('accepts 1 to 8 items', () => {
    for (let n = 1; n <= 8; n++) expect(() => assertActionSheetItemCount(n)).not.toThrow();
  });

  it('rejects 0 and more than 8', () => {
    expect(() => assertActionSheetItemCount(0)).toThrow(RangeError);
    expect(() => assertActionSheetItemCount(9)).toThrow(RangeError);
  });
});
