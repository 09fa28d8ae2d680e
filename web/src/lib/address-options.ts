import type { AddressRow } from '@portal/core/ordering';

/**
 * An address filter's choices (the orders list and Sales, SPEC 3): "all" first, then each address by name
 * with a deleted one marked, and a chosen address that is not offered any more (deleted switched off, or
 * gone) kept by its id until the user changes it.
 */
export function addressOptions(
  addresses: readonly Pick<AddressRow, 'storeId' | 'name' | 'status'>[],
  chosen: string,
  labels: { all: string; deleted: string },
): { value: string; label: string }[] {
  const options = [
    { value: '', label: labels.all },
    ...addresses.map((a) => ({ value: a.storeId, label: a.status === 'deleted' ? `${a.name} (${labels.deleted})` : a.name })),
  ];
  if (chosen && !addresses.some((a) => a.storeId === chosen)) options.push({ value: chosen, label: chosen });
  return options;
}
