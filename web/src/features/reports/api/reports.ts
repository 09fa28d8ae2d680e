import {
  type CustomReportInput,
  Delivery,
  type MailContactInput,
  Recipient,
  Report,
  ReportDownload,
  ReportFilePage,
  ReportJob,
  ReportJobPage,
  type ReportJobInput,
  ReportSchedule,
  type ReportScheduleUpdate,
} from '@portal/core/report';
import { MasterData } from '@portal/core/masterdata';
import { toPagination } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { idempotent, resource, SECTION_READ, sectionCalls, segment, useResourceGet } from '../../../lib/resource-client.ts';
import { refreshReports, reportKeys } from './keys.ts';

/**
 * The Reports section's calls (ADR 044; the API of reports-shared.md: flow/reports, custom-reports,
 * report-scheduling, mailing lists, report-jobs, report-files, deliveries' resend, unsubscribe), on the
 * typed client (ADR 057). Failures are shown in place by the screens (codes translated, field issues at their
 * fields), so no snack; a 401/403 still opens the auth dialog. Reads share the resource client's key scope
 * and 5-minute reuse; every write re-reads the section's answers (refreshReports), so what is on screen is current.
 */
const { client, read, write } = sectionCalls('connect', refreshReports);
const flow = () => client().flow;
/** A 204 answer (DELETE). */
const NoContent = z.unknown();

export type ReportKind = 'general' | 'custom';
const ReportList = z.object({ reports: z.array(Report) });
const Recipients = z.object({ recipients: z.array(Recipient) });

/** GET /api/master-data: the customers the user may act for, transaction types, time zones. */
export const masterData = resource((c) => c['master-data'], MasterData);
export const useMasterData = () => useResourceGet(masterData);

export function useReports(customerId: string, kind: ReportKind) {
  const at = flow().reports;
  const args = { query: { customerId, kind } };
  return useSWR(customerId ? reportKeys.list(at.$path(args)) : null, () => read(at.$get(args), ReportList), SECTION_READ);
}

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

export function useReportFiles(customerId: string, index: number, maxResults: number) {
  const at = flow()['report-files'];
  const args = { query: { customerId, index: String(index), maxResults: String(maxResults) } };
  return useSWR(
    customerId ? reportKeys.files(at.$path(args)) : null,
    async () => {
      const page = await read(at.$get(args), ReportFilePage);
      return { ...page, pagination: toPagination(page) };
    },
    { ...SECTION_READ, keepPreviousData: true },
  );
}

/** A presigned URL valid a few minutes, asked for right before the download. */
export const fetchReportDownload = (fileId: string) =>
  read(flow()['report-files'][':fileId'].download.$get({ param: { fileId: segment(fileId) } }), ReportDownload);

export const resendDelivery = (jobId: string, deliveryId: string) =>
  write(
    flow()['report-jobs'][':jobId'].deliveries[':deliveryId'].resend.$post({
      param: { jobId: segment(jobId), deliveryId: segment(deliveryId) },
    }),
    Delivery,
  );

/** The token pages' calls: no session, so no auth dialog either. */
const anonymous = { portal: 'connect', notify: false, authDialog: false } as const;

/** The double opt-in's page (no session): POST /api/report-confirm?token=T (ADR 051). */
export const ConfirmAnswer = z.object({ confirmed: z.boolean(), reportName: z.string(), email: z.string() });
export async function confirmContact(token: string): Promise<z.infer<typeof ConfirmAnswer>> {
  return readJson(await api(anonymous)['report-confirm'].$post({ query: { token } }), ConfirmAnswer, anonymous);
}

/** The public one-click unsubscribe (no session): POST /api/report-unsubscribe?token=T, a connect route. */
export const UnsubscribeAnswer = z.object({
  unsubscribed: z.boolean(),
  reportName: z.string(),
  reportId: z.optional(z.string()),
  email: z.string(),
});
export async function unsubscribe(token: string): Promise<z.infer<typeof UnsubscribeAnswer>> {
  return readJson(await api(anonymous)['report-unsubscribe'].$post({ query: { token } }), UnsubscribeAnswer, anonymous);
}
