/** An action sheet holds 1 to 8 items (SPEC 5). */
export const ACTION_SHEET_MIN_ITEMS = 1;
export const ACTION_SHEET_MAX_ITEMS = 8;

/** Throws a RangeError unless 1 <= count <= 8 (SPEC 5): an empty or overlong sheet is a programming error. */
export function assertActionSheetItemCount(count: number): void {
  if (!Number.isInteger(count) || count < ACTION_SHEET_MIN_ITEMS || count > ACTION_SHEET_MAX_ITEMS) {
    throw new RangeError(`An action sheet needs ${ACTION_SHEET_MIN_ITEMS} to ${ACTION_SHEET_MAX_ITEMS} items, got ${count}`);
  }
}
