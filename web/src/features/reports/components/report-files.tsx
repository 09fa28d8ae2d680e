import type { ReportFile } from '@portal/core/report';
import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { type Column, DataTable } from '../../../components/ui/data-table.tsx';
import { DocumentIcon } from '../../../components/ui/icons.tsx';
import { pageLabels, Pagination } from '../../../components/ui/pagination.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { useReportFiles } from '../api/reports.ts';
import { periodText, rowCountText } from '../model/report-format.ts';
import { FileDownload } from './file-download.tsx';
import { useRunReportName } from './report-name.ts';
import { ReportQuery } from './report-query.tsx';

export const FILES_PAGE_SIZE = 20;

/** The "Report files" tab: the customer's files, newest first, paged, each downloaded through a fresh link. */
export function ReportFiles({ customerId }: { customerId: string }) {
  const t = useT();
  const reportName = useRunReportName();
  const format = useUserFormat();
  const [index, setIndex] = useState(0);
  const files = useReportFiles(customerId, index, FILES_PAGE_SIZE);
  const period = (f: ReportFile) => periodText(f, format.locale);
  const columns: Column<ReportFile>[] = [
    { key: 'report', header: t('reports.files.report'), cell: (f) => reportName(f) },
    { key: 'period', header: t('reports.files.period'), nowrap: true, cell: period },
    { key: 'created', header: t('reports.files.created'), nowrap: true, cell: (f) => formatDateTime(f.createdAt, format) },
    { key: 'rows', header: t('reports.files.rows'), align: 'end', nowrap: true, cell: (f) => formatNumber(f.rows, format.locale) },
    { key: 'expires', header: t('reports.files.expires'), nowrap: true, cell: (f) => formatDateTime(f.expiresAt, format) },
    { key: 'file', header: t('reports.files.file'), cell: (f) => <FileDownload file={f} /> },
  ];
  return (
    <ReportQuery
      result={files}
      idle={!customerId}
      failedMessage={t('reports.files.loadFailed')}
      isEmpty={(page) => page.totalCount === 0}
      empty={{ icon: <DocumentIcon className="size-6" />, title: t('reports.files.empty.title'), text: t('reports.files.empty.text') }}
    >
      {(page) => (
        <div className="space-y-4">
          <div className="hidden lg:block">
            <DataTable
              caption={t('reports.files.caption')}
              captionHidden
              columns={columns}
              rows={page.items}
              rowKey={(f) => f.fileId}
              busy={files.isValidating}
            />
          </div>
          <ul className="space-y-3 lg:hidden" aria-label={t('reports.files.caption')}>
            {page.items.map((f) => (
              <li key={f.fileId}>
                <Card className="space-y-2 p-4">
                  <p className="font-semibold text-slate-900">{reportName(f)}</p>
                  <p className="text-sm text-slate-600">
                    {period(f)} · {rowCountText(t, f.rows, format.locale)}
                  </p>
                  <p className="text-xs text-slate-500">{t('reports.files.keptUntil', { date: formatDateTime(f.expiresAt, format) })}</p>
                  <FileDownload file={f} />
                </Card>
              </li>
            ))}
          </ul>
          <Pagination
            pagination={page.pagination}
            onPageChange={(p) => setIndex(p - 1)}
            busy={files.isValidating}
            labels={pageLabels(
              t,
              'reports',
              page.pagination,
              t('reports.files.total', { count: formatNumber(page.totalCount, format.locale) }),
            )}
          />
        </div>
      )}
    </ReportQuery>
  );
}
