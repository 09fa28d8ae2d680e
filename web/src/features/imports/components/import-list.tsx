import type { ImportFileView } from '@portal/core/transaction';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DocumentIcon } from '../../../components/ui/icons.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { type ImportListQuery, useImportPage } from '../api/imports.ts';
import { fileName, phasePercent, sizeText, STATUS_THEME } from '../model/import-format.ts';

/**
 * A list of imports, newest first (ADR 069's list), paged by the API's cursor: "Load more" adds the next
 * page below, each page its own read (so a file in work on the first page is polled alone). `folderName`
 * names each row's folder when the list mixes folders (a day's list for supplier staff).
 */
export function ImportList({ query, folderName }: { query: ImportListQuery; folderName?: ((owner: string) => string) | undefined }) {
  const t = useT();
  const first = useImportPage(query);
  // The cursors of the pages added below the first; a new query starts at its first page again.
  const queryKey = JSON.stringify(query);
  const [more, setMore] = useState<{ queryKey: string; cursors: string[] }>({ queryKey, cursors: [] });
  const cursors = more.queryKey === queryKey ? more.cursors : [];
  const last = useImportPage(query, cursors.at(-1));
  const next = last.data?.cursor;

  return (
    <QueryState
      result={first}
      failedMessage={t('imports.list.loadFailed')}
      retryLabel={t('imports.retry')}
      loadingLabel={t('imports.loading')}
      isEmpty={(page) => page.items.length === 0}
      empty={{
        icon: <DocumentIcon className="size-6" />,
        title: t('imports.list.empty.title'),
        text: t(query.day !== undefined ? 'imports.list.empty.day' : 'imports.list.empty.folder'),
      }}
    >
      {(page) => (
        <div className="space-y-3">
          <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <ListHeader showFolder={folderName !== undefined} />
            <ul className="divide-y divide-slate-100" aria-label={t('imports.list.caption')} aria-busy={first.isValidating || undefined}>
              {page.items.map((file) => (
                <ImportRow key={file.fileId} file={file} folderName={folderName} />
              ))}
              {cursors.map((cursor) => (
                <MorePage key={cursor} query={query} cursor={cursor} folderName={folderName} />
              ))}
            </ul>
          </div>
          {last.error && !last.isValidating ? (
            <Alert theme="red" role="alert" title={t('imports.list.moreFailed')}>
              <Button theme="text" className="-ml-3 mt-1" onClick={() => void last.mutate()}>
                {t('imports.retry')}
              </Button>
            </Alert>
          ) : null}
          {next ? (
            <div className="flex justify-center">
              <Button theme="secondary" loading={last.isLoading} onClick={() => setMore({ queryKey, cursors: [...cursors, next] })}>
                {t('imports.list.loadMore')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </QueryState>
  );
}

/** A page after the first: its rows once read (its failure is shown below the list, with the retry). */
function MorePage({
  query,
  cursor,
  folderName,
}: {
  query: ImportListQuery;
  cursor: string;
  folderName?: ((owner: string) => string) | undefined;
}) {
  const page = useImportPage(query, cursor);
  return page.data?.items.map((file) => <ImportRow key={file.fileId} file={file} folderName={folderName} />) ?? null;
}

/** The row's grid: file, status, received, counts; one column on phones, where every value carries its label. */
const ROW_GRID = 'lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1.1fr)_minmax(0,1.2fr)_repeat(3,minmax(0,0.7fr))] lg:items-center lg:gap-4';

function ListHeader({ showFolder }: { showFolder: boolean }) {
  const t = useT();
  const cell = 'text-xs font-semibold uppercase tracking-wide text-slate-600';
  // The labels again in each row for assistive technology (and visibly on phones): this row is decoration.
  return (
    <div aria-hidden="true" className={`hidden bg-slate-50 px-4 py-2.5 ${ROW_GRID}`}>
      <span className={cell}>{showFolder ? t('imports.fields.fileAndFolder') : t('imports.fields.file')}</span>
      <span className={cell}>{t('imports.fields.status')}</span>
      <span className={cell}>{t('imports.fields.receivedAt')}</span>
      <span className={`${cell} text-right`}>{t('imports.fields.created')}</span>
      <span className={`${cell} text-right`}>{t('imports.fields.updated')}</span>
      <span className={`${cell} text-right`}>{t('imports.fields.errors')}</span>
    </div>
  );
}

function ImportRow({ file, folderName }: { file: ImportFileView; folderName?: ((owner: string) => string) | undefined }) {
  const t = useT();
  const format = useUserFormat();
  const n = (value: number) => formatNumber(value, format.locale);
  const percent = phasePercent(file);
  const counts = [
    { key: 'created', label: t('imports.fields.created'), value: n(file.created) },
    { key: 'updated', label: t('imports.fields.updated'), value: n(file.updated) },
    { key: 'errors', label: t('imports.fields.errors'), value: n(file.errorCount), alert: file.errorCount > 0 },
  ];
  return (
    <li className={`space-y-2 px-4 py-3 lg:space-y-0 ${ROW_GRID}`}>
      <div className="min-w-0">
        <Link to={paths.connect.importFile(file.fileId)} className="break-all font-semibold text-brand-700 hover:underline">
          {fileName(file.key)}
        </Link>
        <p className="text-xs text-slate-500">
          <span className="font-mono">{file.kind}</span> · {sizeText(file.bytes, format.locale)}
          {folderName ? ` · ${folderName(file.owner)}` : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge theme={STATUS_THEME[file.status]}>{t(`imports.status.${file.status}`)}</Badge>
        {file.status === 'checking' || file.status === 'importing' ? (
          <span className="text-xs tabular-nums text-slate-500">{t('imports.list.percent', { percent: n(percent ?? 0) })}</span>
        ) : null}
      </div>
      <p className="text-sm text-slate-700">
        <span className="sr-only">{t('imports.fields.receivedAt')}: </span>
        {formatDateTime(file.receivedAt, format)}
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 lg:contents">
        {counts.map(({ key, label, value, alert }) => (
          <div key={key} className="flex gap-1 text-sm lg:block lg:text-right">
            <dt className="text-slate-500 lg:sr-only">{label}</dt>
            <dd className={`tabular-nums ${alert ? 'font-semibold text-red-700' : 'text-slate-800'}`}>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
