import type { ImportFileDetail } from '@portal/core/transaction';
import { IMPORT_FILE } from '@portal/core/shared';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { inWork, useImportFile } from '../api/imports.ts';
import { errorsCut, fileName, issuesOf, phasePercent, sizeText, STATUS_THEME } from '../model/import-format.ts';

/**
 * /connect/imports/:fileId (ADR 069): one import — its status and progress (the current phase's lines and
 * bytes; read again every few seconds while in work), its counts, why it was refused when it was, the first
 * line errors (line, field, message), and how to deliver a fixed file (a new file is a new import).
 */
export function ImportRoute() {
  const t = useT();
  const { fileId = '' } = useParams();
  const file = useImportFile(fileId);
  const notFound = file.error instanceof ApiError && file.error.code === IMPORT_FILE.NOT_FOUND;
  return (
    <div>
      <Link to={paths.connect.imports} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ChevronLeftIcon className="size-4" />
        {t('imports.back')}
      </Link>
      {notFound || (file.error instanceof ApiError && file.error.status === 400) ? (
        <>
          <PageHeader title={t('imports.detail.title')} />
          <Alert theme="orange" role="alert">
            {t('imports.detail.notFound')}
          </Alert>
        </>
      ) : (
        <QueryState
          result={file}
          failedMessage={t('imports.detail.loadFailed')}
          retryLabel={t('imports.retry')}
          loadingLabel={t('imports.loading')}
        >
          {(data) => <ImportDetail file={data} />}
        </QueryState>
      )}
    </div>
  );
}

function ImportDetail({ file }: { file: ImportFileDetail }) {
  const t = useT();
  const format = useUserFormat();
  const n = (value: number) => formatNumber(value, format.locale);
  const percent = phasePercent(file);
  const facts = [
    { key: 'kind', label: t('imports.fields.kind'), value: <span className="font-mono">{file.kind}</span> },
    { key: 'size', label: t('imports.fields.size'), value: sizeText(file.bytes, format.locale) },
    { key: 'receivedAt', label: t('imports.fields.receivedAt'), value: formatDateTime(file.receivedAt, format) },
    {
      key: 'finishedAt',
      label: t('imports.fields.finishedAt'),
      value: file.finishedAt ? formatDateTime(file.finishedAt, format) : t('imports.detail.notYet'),
    },
    { key: 'created', label: t('imports.fields.created'), value: n(file.created) },
    { key: 'updated', label: t('imports.fields.updated'), value: n(file.updated) },
    { key: 'errors', label: t('imports.fields.errors'), value: n(file.errorCount) },
    { key: 'runs', label: t('imports.fields.runs'), value: n(file.runs) },
  ];
  return (
    <>
      <PageHeader
        title={<span className="break-all">{fileName(file.key)}</span>}
        description={<span className="break-all font-mono text-xs">{file.key}</span>}
        actions={<Badge theme={STATUS_THEME[file.status]}>{t(`imports.status.${file.status}`)}</Badge>}
      />
      <div className="space-y-6">
        <Card className="space-y-4 p-4 sm:p-5">
          <h2 className="text-base font-semibold text-slate-900">{t('imports.detail.progress')}</h2>
          <p className="text-sm text-slate-700">
            {t(`imports.phase.${file.status}`, { count: file.linesDone, lines: n(file.linesDone), percent: n(percent ?? 0) })}
          </p>
          {percent !== null ? <ProgressBar percent={percent} label={t('imports.detail.progress')} /> : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
            {facts.map(({ key, label, value }) => (
              <div key={key} className="min-w-0">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="tabular-nums text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        {file.problem ? (
          <Alert theme="red" title={t('imports.detail.problem')}>
            <span className="break-words">{file.problem}</span>
          </Alert>
        ) : null}
        {file.errors.length > 0 ? <LineErrors file={file} /> : null}
        <Redelivery file={file} />
      </div>
    </>
  );
}

type Issue = ReturnType<typeof issuesOf>[number] & { id: string };

function LineErrors({ file }: { file: ImportFileDetail }) {
  const t = useT();
  const { locale } = useUserFormat();
  const n = (value: number) => formatNumber(value, locale);
  const rows: Issue[] = file.errors.flatMap((error, i) => issuesOf(error).map((issue, j) => ({ ...issue, id: `${i}.${j}` })));
  const columns: Column<Issue>[] = [
    { key: 'line', header: t('imports.errors.line'), align: 'end', nowrap: true, cell: (r) => n(r.line) },
    {
      key: 'field',
      header: t('imports.errors.field'),
      nowrap: true,
      cell: (r) => (r.field ? <span className="font-mono text-xs">{r.field}</span> : '—'),
    },
    { key: 'message', header: t('imports.errors.message'), cell: (r) => <span className="break-words">{r.message}</span> },
  ];
  return (
    <section className="space-y-2" aria-labelledby="import-errors">
      <h2 id="import-errors" className="text-base font-semibold text-slate-900">
        {t('imports.errors.title')}
      </h2>
      <p className="text-sm text-slate-600">
        {errorsCut(file)
          ? t('imports.errors.firstOf', { count: file.errorCount, shown: n(file.errors.length), total: n(file.errorCount) })
          : t('imports.errors.all', { count: n(file.errorCount) })}
      </p>
      <DataTable caption={t('imports.errors.title')} columns={columns} rows={rows} rowKey={(r) => r.id} />
    </section>
  );
}

/** How to deliver the file again (ADR 069's re-drive): what the status means for the fixed file. */
function Redelivery({ file }: { file: ImportFileDetail }) {
  const t = useT();
  if (inWork(file) || (file.status === 'done' && file.errorCount === 0)) return null;
  return (
    <Alert theme="blue" title={t('imports.redeliver.title')}>
      {file.status === 'rejected' ? t('imports.redeliver.rejected') : t('imports.redeliver.done')}
    </Alert>
  );
}
