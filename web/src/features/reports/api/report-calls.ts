import {
  type CustomReportInput,
  Delivery,
  type MailContactInput,
  Recipient,
  Report,
  ReportJob,
  ReportJobPage,
  type ReportJobInput,
  ReportSchedule,
  type ReportScheduleUpdate,
} from '@portal/core/report';
import { toPagination } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { idempotent, SECTION_READ, segment } from '../../../lib/resource-client.ts';
import { reportKeys } from './keys.ts';
import { flow, read, write } from './reports.ts';

/**
 * A report's page's calls (ADR 044; the report, its definition, schedule, mailing list, "Run now" and run log): apart
 * from the list's (reports.ts), so the list does not download them (ADR 141, as ADR 128 did for a request's page).
 */

/** A 204 answer (DELETE). */
const NoContent = z.unknown();
const Recipients = z.object({ recipients: z.array(Recipient) });

const processAt = (processId: string) => ({ param: { processId: segment(processId) } });

export function useReport(processId: string) {
  const at = flow().reports[':processId'];
  return useSWR(reportKeys.report(at.$path(processAt(processId))), () => read(at.$get(processAt(processId)), Report), SECTION_READ);
}

export const createCustomReport = (input: CustomReportInput, idempotencyKey: string) =>
  write(flow()['custom-reports'].$post({ json: input, header: idempotent(idempotencyKey) }), Report);
export const updateCustomReport = (processId: string, input: Omit<CustomReportInput, 'customerId'>) =>
  write(flow()['custom-reports'][':processId'].$put({ ...processAt(processId), json: input }), Report);
export const deleteCustomReport = (processId: string) =>
  write(flow()['custom-reports'][':processId'].$delete(processAt(processId)), NoContent);

export function useSchedule(processId: string) {
  const at = flow()['report-scheduling'][':processId'];
  return useSWR(
    reportKeys.schedule(at.$path(processAt(processId))),
    () => read(at.$get(processAt(processId)), ReportSchedule),
    SECTION_READ,
  );
}
export const saveSchedule = (processId: string, update: ReportScheduleUpdate) =>
  write(flow()['report-scheduling'][':processId'].$put({ ...processAt(processId), json: update }), ReportSchedule);

export function useMailingList(processId: string) {
  const at = flow()['custom-reports'][':processId']['mailing-list'];
  return useSWR(
    reportKeys.mailingList(at.$path(processAt(processId))),
    () => read(at.$get(processAt(processId)), Recipients),
    SECTION_READ,
  );
}
/** The customer's portal users not on the list; asked for when the add picker opens. */
export function useRecipientCandidates(processId: string, wanted: boolean) {
  const at = flow()['custom-reports'][':processId']['recipient-candidates'];
  return useSWR(
    wanted ? reportKeys.mailingList(at.$path(processAt(processId))) : null,
    () => read(at.$get(processAt(processId)), Recipients),
    SECTION_READ,
  );
}
export const addRecipient = (processId: string, referenceId: string) =>
  write(flow()['custom-reports'][':processId']['add-recipient'].$post({ ...processAt(processId), json: { referenceId } }), Recipients);
export const removeRecipient = (processId: string, referenceId: string) =>
  write(flow()['custom-reports'][':processId']['remove-recipient'].$post({ ...processAt(processId), json: { referenceId } }), Recipients);
export const addContact = (input: z.input<typeof MailContactInput>) =>
  write(flow()['process-mail-contacts'].$post({ json: input }), Recipient);
/** A pending external contact's confirmation mail again (ADR 051; limited per contact). */
export const resendConfirmation = (processId: string, contactId: string) =>
  write(
    flow()['custom-reports'][':processId'].contacts[':contactId']['send-confirmation'].$post({
      param: { processId: segment(processId), contactId: segment(contactId) },
    }),
    Recipient,
  );

/** "Run now": 202 and the job (the same job on a retry with the same key). */
export const startReportJob = (input: z.input<typeof ReportJobInput>, idempotencyKey: string) =>
  write(flow()['report-jobs'].$post({ json: input, header: idempotent(idempotencyKey) }), ReportJob);

/** How often a running job is asked for its progress. */
export const REPORT_POLL_MS = 1000;
const running = (job: ReportJob | undefined) => !job || job.status === 'creating';
const jobAt = (jobId: string) => ({ param: { jobId: segment(jobId) } });
export function useReportJob(jobId: string | null) {
  const at = flow()['report-jobs'][':jobId'];
  return useSWR(jobId ? reportKeys.job(at.$path(jobAt(jobId))) : null, () => read(at.$get(jobAt(jobId!)), ReportJob), {
    refreshInterval: (job: ReportJob | undefined) => (running(job) ? REPORT_POLL_MS : 0),
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** The run log of one report, newest first, re-read every few seconds while a run in it is unfinished. */
export function useReportJobs(processId: string, index: number, maxResults: number) {
  const at = flow()['report-jobs'];
  const args = { query: { index: String(index), maxResults: String(maxResults), processId } };
  return useSWR(
    reportKeys.jobs(at.$path(args)),
    async () => {
      const page = await read(at.$get(args), ReportJobPage);
      return { ...page, pagination: toPagination(page) };
    },
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      keepPreviousData: true,
      refreshInterval: (page) => (page?.items.some((job) => running(job) || job.deliveries.some((d) => d.status === 'pending')) ? 3000 : 0),
    },
  );
}
export const cancelReportJob = (jobId: string) => write(flow()['report-jobs'][':jobId'].$delete(jobAt(jobId)), NoContent);

export const resendDelivery = (jobId: string, deliveryId: string) =>
  write(
    flow()['report-jobs'][':jobId'].deliveries[':deliveryId'].resend.$post({
      param: { jobId: segment(jobId), deliveryId: segment(deliveryId) },
    }),
    Delivery,
  );
