import type { AllocationChangeInput, AllocationChangeKind } from '@portal/core/product';

export type Level = 'customer' | 'division' | 'stores';
export type ChangeForm = {
  kind: AllocationChangeKind;
  productId: string;
  toProductId: string;
  level: Level;
  divisionId: string;
  storeIds: string[];
  effectiveDay: string;
  assetUrl: string;
  productName: string;
  note: string;
};

/** The form as the API's input (ADR 087): each kind sends only its own fields (the contract is strict). */
export function inputOf(form: ChangeForm): AllocationChangeInput {
  const common = { effectiveDay: form.effectiveDay, ...(form.note.trim() ? { note: form.note.trim() } : {}) };
  const scope =
    form.level === 'division'
      ? { level: 'division' as const, divisionId: form.divisionId }
      : form.level === 'stores'
        ? { level: 'stores' as const, storeIds: form.storeIds }
        : { level: 'customer' as const };
  switch (form.kind) {
    case 'allocation':
    case 'deallocation':
      return { kind: form.kind, productId: form.productId, scope, ...common };
    case 'productChange':
      return { kind: 'productChange', productId: form.productId, toProductId: form.toProductId, scope, ...common };
    case 'assetChange':
      return { kind: 'assetChange', productId: form.productId, assetUrl: form.assetUrl.trim(), ...common };
    case 'deactivation':
      return { kind: 'deactivation', productId: form.productId, ...common };
    case 'productCreation':
      return { kind: 'productCreation', productName: form.productName.trim(), ...common };
  }
}
