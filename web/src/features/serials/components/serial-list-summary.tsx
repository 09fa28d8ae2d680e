import { MAX_SERIALS_PER_QUERY, type SerialList } from '@portal/core/couponing';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { issueKind } from '../model/serial-lookup.ts';

/**
 * What the box read, live: how many serials are ready, how many repeats were dropped, and each bad line
 * with its number, value and what is wrong with it (core's parseSerialList, as in couponing's filter step).
 */
export function SerialListSummary({ list, id }: { list: SerialList; id: string }) {
  const t = useT();
  return (
    <div id={id} className="space-y-3 text-sm" aria-live="polite">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
        <span className="inline-flex items-center gap-1.5 font-medium">
          <CheckCircleIcon className={`size-4 ${list.serials.length > 0 ? 'text-green-600' : 'text-slate-400'}`} />
          {t('serials.form.ready', { count: list.serials.length })}
        </span>
        {list.duplicates > 0 ? <span className="text-slate-500">{t('serials.form.repeats', { count: list.duplicates })}</span> : null}
      </p>
      {list.issues.length > 0 ? (
        <div className="rounded-lg bg-red-50 p-3 ring-1 ring-inset ring-red-200">
          <p className="font-semibold text-red-900">{t('serials.form.issuesTitle', { count: list.issues.length })}</p>
          <ul className="mt-2 space-y-1.5">
            {list.issues.map((issue, index) => (
              <li
                key={`${issue.line}-${index}`}
                className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-red-900 sm:grid-cols-[5rem_fit-content(16rem)_1fr]"
              >
                <span className="font-medium">{t('serials.form.issueLine', { line: issue.line })}</span>
                <code className="truncate font-mono text-red-800" title={issue.value}>
                  {issue.value}
                </code>
                <span className="col-span-2 sm:col-span-1">
                  {issueKind(issue) === 'format' ? t('serials.form.badFormat') : t('serials.form.tooMany', { max: MAX_SERIALS_PER_QUERY })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
