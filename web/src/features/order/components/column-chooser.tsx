import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/index.ts';
import { choosableColumns } from '../model/column-choice.ts';
import type { ColumnPanelProps } from './column-panel.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The open panel (its checkboxes and placement) loads with its own chunk when first asked for: the button pointed at,
// focused or pressed (ADR 155); the quantities' first view shows only the button.
const loadPanel = () => import('./column-panel.tsx');
const ColumnPanel = lazyPart(loadPanel, 'ColumnPanel');
const preloadPanel = () => void loadPanel().catch(() => undefined);

/**
 * 'Columns (6 of 16)': a disclosure with one checkbox per figure of the products table and 'Default
 * columns'. Name, suggested quantity and the quantity field always show. Closes on Escape (focus back on
 * the button) and on a click outside. It opens where it fits without running under the sticky basket bar
 * (below, else above the button; its list scrolls), measured on opening, scrolling and resizing (column-panel.tsx).
 */
export function ColumnChooser({ available, shown, stored, defaults, labelOf, onChange }: Omit<ColumnPanelProps, 'id' | 'button'>) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const choosable = choosableColumns(available);

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
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => setOpen((o) => !o)}
        className={buttonClasses('secondary')}
      >
        {t('order.products.columns', { shown: shown.length, total: choosable.length })}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ColumnPanel
            id={id}
            available={available}
            shown={shown}
            stored={stored}
            defaults={defaults}
            labelOf={labelOf}
            onChange={onChange}
            button={button}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
