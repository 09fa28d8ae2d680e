import { MAX_SERIALS_PER_QUERY, type SerialList, serialListIssueKind } from '@portal/core/couponing';
import type { Translate } from '../i18n/index.ts';
import { CheckCircleIcon } from './ui/icons.tsx';

/** The texts of a SerialListSummary, from the catalogue of the screen that shows it. */
export interface SerialListTexts {
  ready(count: number): string;
  repeats(count: number): string;
  issuesTitle(count: number): string;
  issueLine(line: number): string;
  badFormat: string;
  tooMany(max: number): string;
}

/** The texts from a screen's catalogue section, which holds the same six keys. */
export function serialListTexts(t: Translate, section: 'couponing.filter' | 'serials.form'): SerialListTexts {
  return {
    ready: (count) => t(`${section}.ready`, { count }),
    repeats: (count) => t(`${section}.repeats`, { count }),
    issuesTitle: (count) => t(`${section}.issuesTitle`, { count }),
    issueLine: (line) => t(`${section}.issueLine`, { line }),
    badFormat: t(`${section}.badFormat`),
    tooMany: (max) => t(`${section}.tooMany`, { max, count: max }),
  };
}

/**
 * What a serial list box read (core's parseSerialList), live: how many serials are ready, how many
 * repeats were dropped, and each bad line with its number, value and what is wrong with it. Couponing's
 * filter step and the connect Serial Numbers section show it, each with its own texts.
 */
export function SerialListSummary({ list, id, texts }: { list: SerialList; id: string; texts: SerialListTexts }) {
  return (
    <div id={id} className="space-y-3 text-sm" aria-live="polite">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700">
        <span className="inline-flex items-center gap-1.5 font-medium">
          <CheckCircleIcon className={`size-4 ${list.serials.length > 0 ? 'text-green-600' : 'text-slate-400'}`} />
          {texts.ready(list.serials.length)}
        </span>
        {list.duplicates > 0 ? <span className="text-slate-500">{texts.repeats(list.duplicates)}</span> : null}
      </p>
      {list.issues.length > 0 ? (
        <div className="rounded-lg bg-red-50 p-3 ring-1 ring-inset ring-red-200">
          <p className="font-semibold text-red-900">{texts.issuesTitle(list.issues.length)}</p>
          <ul className="mt-2 space-y-1.5">
            {list.issues.map((issue, index) => (
              <li
                key={`${issue.line}-${index}`}
                className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-red-900 sm:grid-cols-[5rem_fit-content(16rem)_1fr]"
              >
                <span className="font-medium">{texts.issueLine(issue.line)}</span>
                <code className="truncate font-mono text-red-800" title={issue.value}>
                  {issue.value}
                </code>
                <span className="col-span-2 sm:col-span-1">
                  {serialListIssueKind(issue) === 'format' ? texts.badFormat : texts.tooMany(MAX_SERIALS_PER_QUERY)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
