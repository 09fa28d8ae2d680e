import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { choosableColumns, toggleColumn } from '../model/column-choice.ts';
import { BASKET_BAR_ATTRIBUTE, type PopoverPlacement, popoverPlacement } from '../model/popover-placement.ts';
import type { ProductColumn } from '../model/product-table.ts';

/**
 * 'Columns (6 of 16)': a disclosure with one checkbox per figure of the products table and 'Default
 * columns'. Name, suggested quantity and the quantity field always show. Closes on Escape (focus back on
 * the button) and on a click outside. It opens where it fits without running under the sticky basket bar
 * (below, else above the button; its list scrolls), measured on opening, scrolling and resizing.
 */
export function ColumnChooser({
  available,
  shown,
  stored,
  defaults,
  labelOf,
  onChange,
}: {
  available: readonly ProductColumn[];
  shown: readonly ProductColumn[];
  stored: readonly ProductColumn[] | null;
  /** What 'Default columns' shows (column-choice.ts defaultColumnsFor). */
  defaults: readonly ProductColumn[];
  labelOf: (column: ProductColumn) => string;
  onChange: (columns: readonly ProductColumn[] | null) => void;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const choosable = choosableColumns(available);

  const [placement, setPlacement] = useState<PopoverPlacement>({ side: 'below', maxHeight: 480 });
  useLayoutEffect(() => {
    if (!open) return;
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
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!(e.target instanceof Node) || !root.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
        className={buttonClasses('secondary')}
      >
        {t('order.products.columns', { shown: shown.length, total: choosable.length })}
      </button>
      {open ? (
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
      ) : null}
    </div>
  );
}
