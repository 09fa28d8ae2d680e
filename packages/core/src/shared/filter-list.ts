/**
 * Client-side list filtering (SPEC 5). A filter is an object of field -> wanted value.
 *
 * - Dropped criteria: '' (empty string), undefined, null, functions and objects (arrays and dates
 *   included). A filter with no criteria left keeps every item. Whitespace is significant: ' ' is a
 *   criterion (it matches values containing a space).
 * - A string criterion matches when the item's field, turned into text (numbers and booleans via
 *   String), contains it, ignoring case. A null/undefined/object field never matches a string.
 * - Any other criterion (number, boolean, bigint) matches only the identical value (`===`, so NaN
 *   never matches and 1 does not match '1').
 * - All criteria must match (AND). The input list is not changed; item order is kept.
 */
type ListFilter = Readonly<Record<string, unknown>>;

type Criterion = readonly [key: string, wanted: string | number | boolean | bigint | symbol];

/** A value that takes part in filtering: not '', undefined, null, a function or an object. */
const isCriterionValue = (wanted: unknown): wanted is Criterion[1] =>
  (typeof wanted === 'string' && wanted !== '') ||
  typeof wanted === 'number' ||
  typeof wanted === 'boolean' ||
  typeof wanted === 'bigint' ||
  typeof wanted === 'symbol';

/** The criteria that take part in filtering, after dropping the ignored values. */
export function activeCriteria(filter: ListFilter): Criterion[] {
  const criteria: Criterion[] = [];
  for (const [key, wanted] of Object.entries(filter)) if (isCriterionValue(wanted)) criteria.push([key, wanted]);
  return criteria;
}

const asText = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
      ? String(value)
      : null;

function matches(item: object, [key, wanted]: Criterion): boolean {
  const actual = (item as Record<string, unknown>)[key];
  if (typeof wanted === 'string') {
    const text = asText(actual);
    return text?.toLowerCase().includes(wanted.toLowerCase()) === true;
  }
  return actual === wanted;
}

export function filterList<T extends object>(items: readonly T[], filter: ListFilter): T[] {
  const criteria = activeCriteria(filter);
  if (criteria.length === 0) return [...items];
  return items.filter((item) => criteria.every((criterion) => matches(item, criterion)));
}
