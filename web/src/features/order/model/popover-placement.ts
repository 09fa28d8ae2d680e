/** Marks the sticky basket bar (summary-bar.tsx): the column menu keeps clear of it. */
export const BASKET_BAR_ATTRIBUTE = 'data-basket-bar';

/**
 * Where a menu opened from a button (the products table's column chooser) fits without running under the
 * sticky basket bar (ADR 053): below the button when there is room for `minHeight` between the button and
 * the bar's top edge, else above the button, under the page header; its height is then capped to the room
 * on that side (the list inside scrolls). Pure: the component measures, this decides.
 */
export interface PopoverRoom {
  /** The button's top and bottom edges, in viewport pixels. */
  buttonTop: number;
  buttonBottom: number;
  /** The top edge of what must stay visible below (the basket bar), or the viewport's height. */
  floor: number;
  /** The bottom edge of what covers the top (the sticky page header), or 0. */
  ceiling: number;
}

export interface PopoverPlacement {
  side: 'below' | 'above';
  maxHeight: number;
}

/** The gap kept between the menu, the button and the bars (px). */
const GAP = 8;

export function popoverPlacement(room: PopoverRoom, minHeight = 240): PopoverPlacement {
  const below = Math.floor(room.floor - room.buttonBottom - 2 * GAP);
  const above = Math.floor(room.buttonTop - room.ceiling - 2 * GAP);
  if (below >= minHeight || below >= above) return { side: 'below', maxHeight: Math.max(below, 120) };
  return { side: 'above', maxHeight: above };
}
