import { useId } from 'react';
import { useT } from '../../../i18n/index.ts';
import type { ApplyOn } from '../model/product-table.ts';

/** SPEC 3 apply-on: an entered quantity goes to "This product" or to "All products" (the listed ones). */
export function ApplyOnChoice({
  value,
  onChange,
  listedCount,
}: {
  value: ApplyOn;
  onChange: (value: ApplyOn) => void;
  listedCount: number;
}) {
  const t = useT();
  const name = useId();
  const options: { value: ApplyOn; label: string }[] = [
    { value: 'product', label: t('order.products.applyOnProduct') },
    { value: 'all', label: t('order.products.applyOnAll') },
  ];
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{t('order.products.applyOn')}</legend>
      <div className="inline-flex rounded-lg bg-slate-100 p-1">
        {options.map((option) => (
          <label
            key={option.value}
            className={[
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              value === option.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            ].join(' ')}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      {value === 'all' ? (
        <p className="mt-1.5 text-xs font-medium text-orange-700">{t('order.products.applyOnAllHint', { count: listedCount })}</p>
      ) : null}
    </fieldset>
  );
}
