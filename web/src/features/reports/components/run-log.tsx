import type { Delivery, ReportJob } from '@portal/core/report';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { pageLabels, Pagination } from '../../../components/ui/pagination.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime, formatNumber, useUserFormat } from '../../../lib/user-format.ts';
import { cancelReportJob, resendDelivery, useReportJobs } from '../api/report-calls.ts';
import { periodText, rowCountText } from '../model/report-format.ts';
import { FileDownload } from './file-download.tsx';
import { useRowAction } from './use-row-action.ts';
import { ReportQuery } from './report-query.tsx';

export const RUNS_PAGE_SIZE = 10;
const STATUS_THEME = { creating: 'blue', finished: 'green', error: 'red', cancelled: 'gray' } as const;
const DELIVERY_THEME = { pending: 'blue', sent: 'green', bounced: 'orange', failed: 'red', skipped: 'gray', held: 'orange' } as const;

/**
 * The run log of a report (ADR 044): each run newest first with its status, trigger, period and
 * files, and per delivery (each recipient's mail, the FTP copy) sent / bounced / failed / skipped with the
 * reason; a failed or bounced one can be sent again (the recipients permission; a bounce may be reported by
 * SES after the run, ADR 042 addendum), a running run cancelled.
 */
export function RunLog({ processId, mayResend, mayCancel }: { processId: string; mayResend: boolean; mayCancel: boolean }) {
  const t = useT();
  const { locale } = useUserFormat();
  const [index, setIndex] = useState(0);
  const jobs = useReportJobs(processId, index, RUNS_PAGE_SIZE);
  return (
    <ReportQuery result={jobs} failedMessage={t('reportPanels.log.loadFailed')}>
      {(page) =>
        page.totalCount === 0 ? (
          // A plain line, not an EmptyState: the log sits inside the report's page.
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            {t('reportPanels.log.empty')}
          </p>
        ) : (
          <div className="space-y-3">
            <ul className="space-y-3" aria-label={t('reportPage.log.title')}>
              {page.items.map((job) => (
                <li key={job.jobId}>
                  <RunEntry job={job} mayResend={mayResend} mayCancel={mayCancel} onChanged={() => void jobs.mutate()} />
                </li>
              ))}
            </ul>
            <Pagination
              pagination={page.pagination}
              onPageChange={(p) => setIndex(p - 1)}
              busy={jobs.isValidating}
              labels={pageLabels(
                t,
                'reports',
                page.pagination,
                t('reportPanels.log.total', { count: formatNumber(page.totalCount, locale) }),
              )}
            />
          </div>
        )
      }
    </ReportQuery>
  );
}

function RunEntry({
  job,
  mayResend,
  mayCancel,
  onChanged,
}: {
  job: ReportJob;
  mayResend: boolean;
  mayCancel: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const format = useUserFormat();
  const { busy: cancelling, failure, run: cancel } = useRowAction(() => cancelReportJob(job.jobId), onChanged);
  const period = periodText(job, format.locale);
  return (
    <Card className="space-y-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Badge theme={STATUS_THEME[job.status]}>{t(`reportPanels.log.status.${job.status}`)}</Badge>
        <span className="font-medium text-slate-900">{period}</span>
        <span className="text-sm text-slate-500">
          {[
            t(`reportPanels.log.trigger.${job.trigger}`),
            formatDateTime(job.createdAt, format),
            ...(job.status !== 'finished'
              ? []
              : [job.skippedEmpty ? t('reportPanels.run.skippedEmpty') : rowCountText(t, job.rowsWritten, format.locale)]),
          ].join(' · ')}
        </span>
        {mayCancel && job.status === 'creating' ? (
          <Button theme="text" className="-my-1 ml-auto" loading={cancelling} onClick={cancel}>
            {t('reportPanels.log.cancel')}
          </Button>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {job.error ? <p className="text-sm text-red-700">{job.error}</p> : null}
      {job.files.length ? (
        <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap" aria-label={t('reportPanels.log.files')}>
          {job.files.map((file) => (
            <li key={file.fileId} className="min-w-0">
              <FileDownload file={file} />
            </li>
          ))}
        </ul>
      ) : null}
      {job.deliveries.length ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" aria-label={t('reportPanels.log.deliveries')}>
          {job.deliveries.map((d) => (
            <DeliveryRow key={d.deliveryId} jobId={job.jobId} delivery={d} mayResend={mayResend} onResent={onChanged} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function DeliveryRow({
  jobId,
  delivery,
  mayResend,
  onResent,
}: {
  jobId: string;
  delivery: Delivery;
  mayResend: boolean;
  onResent: () => void;
}) {
  const t = useT();
  const { busy, failure, run: resend } = useRowAction(() => resendDelivery(jobId, delivery.deliveryId), onResent);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
      <span className="text-slate-500">{t(`reportPanels.log.channel.${delivery.channel}`)}</span>
      <span className="min-w-[11rem] flex-1 truncate text-slate-900" title={delivery.address}>
        {delivery.address}
      </span>
      <Badge theme={DELIVERY_THEME[delivery.status]}>{t(`reportPanels.log.delivery.${delivery.status}`)}</Badge>
      {delivery.attached === false ? <span className="text-xs text-slate-500">{t('reportPanels.log.asLink')}</span> : null}
      {delivery.attempts > 1 ? (
        <span className="text-xs text-slate-500">{t('reportPanels.log.attempts', { count: delivery.attempts })}</span>
      ) : null}
      {/* A held mail (the customer's daily mail limit, ADR 051) is kept for exactly this resend. */}
      {mayResend && (delivery.status === 'failed' || delivery.status === 'bounced' || delivery.status === 'held') ? (
        <Button
          theme="text"
          className="-my-1"
          loading={busy}
          onClick={resend}
          aria-label={t('reportPanels.log.resendTo', { address: delivery.address })}
        >
          {t('reportPanels.log.resend')}
        </Button>
      ) : null}
      <DeliveryReason delivery={delivery} />
      {failure ? (
        <p role="alert" className="basis-full text-xs text-red-700">
          {failure}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Why it was skipped, failed or bounced, or what SES reported later: the code in the user's language, the
 * detail beneath in the source's words (an SMTP diagnostic, an error). An item older than the codes has
 * only its reason, in English, shown as it is.
 */
function DeliveryReason({ delivery }: { delivery: Delivery }) {
  const t = useT();
  if (!delivery.reasonCode) return delivery.reason ? <p className="basis-full text-xs text-slate-600">{delivery.reason}</p> : null;
  return (
    <div className="basis-full text-xs">
      <p className="text-slate-600">{t(`reportPanels.log.reason.${delivery.reasonCode}`)}</p>
      {delivery.reason ? <p className="break-words font-mono text-slate-500">{delivery.reason}</p> : null}
    </div>
  );
}
