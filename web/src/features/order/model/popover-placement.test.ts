import { describe, expect, it } from 'vitest';
import { popoverPlacement } from './popover-placement.ts';

describe('popoverPlacement: the column menu and the basket bar', () => {
  it('opens below with its height capped to the room above the basket bar', () => {
    expect(popoverPlacement({ buttonTop: 120, buttonBottom: 160, floor: 712, ceiling: 64 })).toEqual({ side: 'below', maxHeight: 536 });
  });

  it('opens above when the room below is too small and there is more above', () => {
    // 1280 × 800: the button ends at 460, the basket bar starts at 712 (the case that overlapped).
    expect(popoverPlacement({ buttonTop: 420, buttonBottom: 460, floor: 712, ceiling: 64 })).toEqual({ side: 'above', maxHeight: 340 });
    expect(popoverPlacement({ buttonTop: 560, buttonBottom: 600, floor: 700, ceiling: 64 })).toEqual({ side: 'above', maxHeight: 480 });
  });

  it('stays below when neither side has the minimum but below has more', () => {
    expect(popoverPlacement({ buttonTop: 100, buttonBottom: 140, floor: 300, ceiling: 64 })).toEqual({ side: 'below', maxHeight: 144 });
  });
});
