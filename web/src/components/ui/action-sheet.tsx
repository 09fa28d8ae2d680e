import type { ReactNode } from 'react';
import { assertActionSheetItemCount } from './action-sheet-items.ts';
import { Dialog } from './dialog.tsx';

export interface ActionSheetItem {
  key: string;
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
}

export interface ActionSheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  /** 1 to 8 items; anything else throws (see assertActionSheetItemCount). */
  items: readonly ActionSheetItem[];
}

/** A list of actions sliding up from the bottom edge. Choosing an item closes the sheet first. */
export function ActionSheet({ open, onClose, title, closeLabel, items }: ActionSheetProps) {
  assertActionSheetItemCount(items.length);
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={closeLabel} variant="sheet">
      <ul className="-mx-2 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.key}>
            <button
              type="button"
              onClick={() => {
                onClose();
                item.onSelect();
              }}
              className="flex w-full items-center gap-3 rounded-lg px-2 py-3 text-left text-base font-medium text-slate-800 hover:bg-slate-50"
            >
              {item.icon ? <span className="text-slate-500">{item.icon}</span> : null}
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
