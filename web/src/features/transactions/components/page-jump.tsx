import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/index.ts';

/**
 * "Go to page n" beside the pagination: a deep page in one step (paging is by index on the server, so any
 * page costs the same calls). Shown only when there is more than one page.
 */
export function PageJump({ pageCount, onGo, disabled }: { pageCount: number; onGo: (page: number) => void; disabled: boolean }) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState('');
  const page = Number(value);
  const valid = Number.isInteger(page) && page >= 1 && page <= pageCount;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    onGo(page);
    setValue('');
  };
  if (pageCount < 2) return null;
  return (
    <form onSubmit={submit} className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id} className="whitespace-nowrap">
        {t('transactions.pagination.goTo')}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={pageCount}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="w-20 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      />
      <Button type="submit" theme="secondary" className="!px-3 !py-1.5" disabled={disabled || !valid}>
        {t('transactions.pagination.go')}
      </Button>
    </form>
  );
}
