import { useLayoutEffect, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { choosableColumns, toggleColumn } from '../model/column-choice.ts';
import { BASKET_BAR_ATTRIBUTE, type PopoverPlacement, popoverPlacement } from '../model/popover-placement.ts';
import type { ProductColumn } from '../model/product-table.ts';

export type ColumnPanelProps = {
  id: string;
  available: readonly ProductColumn[];
  shown: readonly ProductColumn[];
  stored: readonly ProductColumn[] | null;
  /** What 'Default columns' shows (column-choice.ts defaultColumnsFor). */
  defaults: readonly ProductColumn[];
  labelOf: (column: ProductColumn) => string;
  onChange: (columns: readonly ProductColumn[] | null) => void;
  /** The chooser's button: the panel opens below it, else above it, off the basket bar. */
  button: { readonly current: HTMLButtonElement | null };
};

/**
 * The open column chooser (column-chooser.tsx): one checkbox per figure of the products table and 'Default columns',
 * placed where it fits without running under the sticky basket bar, measured on opening, scrolling and resizing. Its own
 * chunk, loaded when the 'Columns' button is pointed at, focused or pressed (ADR 155).
 */
export function ColumnPanel({ id, available, shown, stored, defaults, labelOf, onChange, button }: ColumnPanelProps) {
  const t = useT();
  const choosable = choosableColumns(available);
  const [placement, setPlacement] = useState<PopoverPlacement>({ side: 'below', maxHeight: 480 });
  useLayoutEffect(() => {
    const place = () => {
      const edges = button.current?.getBoundingClientRect();
      if (!edges) return;
      const bar = document.querySelector(`[${BASKET_BAR_ATTRIBUTE}]`)?.getBoundingClientRect();
      const header = document.querySelector('header')?.getBoundingClientRect();
      setPlacement(
        popoverPlacement({
          buttonTop: edges.top,
          buttonBottom: edges.bottom,
          floor: Math.min(bar && bar.height > 0 ? bar.top : window.innerHeight, window.innerHeight),
          ceiling: Math.max(header?.bottom ?? 0, 0),
        }),
      );
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [button]);

  return (
    <div
      id={`${id}-panel`}
      role="group"
      aria-label={t('order.products.columnsLabel')}
      data-side={placement.side}
      style={{ maxHeight: placement.maxHeight }}
      className={`absolute right-0 z-30 flex w-72 flex-col rounded-xl bg-white p-4 shadow-xl ring-1 ring-slate-200 ${placement.side === 'above' ? 'bottom-full mb-2' : 'mt-2'}`}
    >
      <p className="mb-3 text-xs text-slate-500">{t('order.products.columnsHint')}</p>
      <div className="min-h-0 flex-1 space-y-2 overflow-y-auto">
        {choosable.map((c) => (
          <CheckboxField
            key={c}
            label={labelOf(c)}
            checked={shown.includes(c)}
            onCheckedChange={(on) => onChange(toggleColumn(stored, c, on, defaults))}
          />
        ))}
      </div>
      <button type="button" onClick={() => onChange(null)} disabled={stored === null} className={`${buttonClasses('text')} mt-3`}>
        {t('order.products.columnsDefault')}
      </button>
    </div>
  );
}
