import type { ChangeDiffEntry } from '@portal/core/workflow';
import { optionalText, useT } from '../i18n/index.ts';

/**
 * A proposed change field by field, old → new (ADR 085): the request screen shows it to the approver, the Company
 * screen with its pending change. Values are text nodes (a name holding HTML shows as the characters it is).
 */
export function ChangeDiff({ diff, caption }: { diff: readonly ChangeDiffEntry[]; caption?: string }) {
  const t = useT();
  /** `contacts.1.name` → "Contact person 2 › Name": a list index joins its list's label, each part its own text. */
  const label = (field: string) => {
    const parts = field.split('.');
    const text = (part: string, inList: boolean) =>
      optionalText(`changeDiff.fields.${inList ? `item.${part}` : part}`) ?? optionalText(`changeDiff.fields.${part}`) ?? part;
    const out: string[] = [];
    parts.forEach((part, i) => {
      if (/^\d+$/.test(part) && out.length > 0) out[out.length - 1] += ` ${Number(part) + 1}`;
      else out.push(text(part, i > 0 && /^\d+$/.test(parts[i - 1] ?? '')));
    });
    return out.join(' › ');
  };
  const value = (v: string | null) => (v === null || v === '' ? <span className="italic text-slate-600">{t('changeDiff.empty')}</span> : v);
  // Wider than its card on a tablet it scrolls, so a keyboard must reach it and a screen reader name it (like DataTable's
  // region and the bar chart's plot): by its caption, or the diff's title where a list entry gives none.
  return (
    <div className="sm:overflow-x-auto" tabIndex={0} role="region" aria-label={caption ?? t('changeDiff.title')}>
      <table className="w-full text-left text-sm max-sm:block">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="text-xs uppercase text-slate-500 max-sm:sr-only">
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
        <tbody className="max-sm:block">
          {diff.map((entry) => (
            <tr key={entry.field} className="border-t border-slate-200 align-top max-sm:block max-sm:py-2">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-700 max-sm:block max-sm:py-0">
                {label(entry.field)}
              </th>
              <td className="py-2 pr-4 text-slate-500 line-through decoration-slate-300 [overflow-wrap:anywhere] max-sm:block max-sm:py-0">
                {value(entry.before)}
              </td>
              <td className="py-2 font-medium text-slate-900 [overflow-wrap:anywhere] max-sm:block max-sm:py-0">{value(entry.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
