import type { ChangeDiffEntry } from '@portal/core/workflow';
import { optionalText, useT } from '../i18n/index.ts';

/**
 * A proposed change field by field, old → new (ADR 085): the request screen shows it to the approver, the Company
 * screen with its pending change. Values are text nodes (a name holding HTML shows as the characters it is).
 */
export function ChangeDiff({ diff, caption }: { diff: readonly ChangeDiffEntry[]; caption?: string }) {
  const t = useT();
  const label = (field: string) =>
    field
      .split('.')
      .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : (optionalText(`changeDiff.fields.${part}`) ?? part)))
      .join(' › ');
  const value = (v: string | null) => (v === null || v === '' ? <span className="text-slate-400">{t('changeDiff.empty')}</span> : v);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('changeDiff.field')}
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              {t('changeDiff.before')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('changeDiff.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {diff.map((entry) => (
            <tr key={entry.field} className="border-t border-slate-200 align-top">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-700">
                {label(entry.field)}
              </th>
              <td className="break-all py-2 pr-4 text-slate-500 line-through decoration-slate-300">{value(entry.before)}</td>
              <td className="break-all py-2 font-medium text-slate-900">{value(entry.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
