import { useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { choosableColumns, toggleColumn } from '../model/column-choice.ts';
import { COLUMN_LABELS, type ProductColumn } from '../model/product-table.ts';

/**
 * 'Columns (6 of 16)': a disclosure with one checkbox per figure of the products table and 'Default
 * columns'. Name, suggested quantity and the quantity field always show. Closes on Escape (focus back on
 * the button) and on a click outside.
 */
export function ColumnChooser({
  available,
  shown,
  stored,
  onChange,
}: {
  available: readonly ProductColumn[];
  shown: readonly ProductColumn[];
  stored: readonly ProductColumn[] | null;
  onChange: (columns: readonly ProductColumn[] | null) => void;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const choosable = choosableColumns(available);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
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
          className="absolute right-0 z-30 mt-2 w-72 rounded-xl bg-white p-4 shadow-xl ring-1 ring-slate-200"
        >
          <p className="mb-3 text-xs text-slate-500">{t('order.products.columnsHint')}</p>
          <div className="max-h-80 space-y-2 overflow-y-auto">
            {choosable.map((c) => (
              <CheckboxField
                key={c}
                label={t(COLUMN_LABELS[c])}
                checked={shown.includes(c)}
                onCheckedChange={(on) => onChange(toggleColumn(stored, c, on))}
              />
            ))}
          </div>
          <button
            type="button"
            onClick={() => onChange(null)}
            disabled={stored === null}
            className={`${buttonClasses('text')} mt-3`}
          >
            {t('order.products.columnsDefault')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
