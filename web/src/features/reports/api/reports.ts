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
import { MasterData } from '@portal/core/connect';
import { toPagination } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { fetchFor, readJson } from '../../../lib/api-client.ts';
import { LIST_CACHE_MS, queryString, resource, resourcePath, useResourceGet } from '../../../lib/resource-client.ts';
import { sectionCalls } from '../../../lib/section-calls.ts';
import { refreshReports, reportKeys } from './keys.ts';

/**
 * The Reports section's calls (ADR 044; the API of reports-shared.md: flow/reports, custom-reports,
 * report-scheduling, mailing lists, report-jobs, report-files, deliveries' resend, unsubscribe). Failures are
 * shown in place by the screens (codes translated, field issues at their fields), so no snack; a 401/403
 * still opens the auth dialog. Reads share the resource client's key scope and 5-minute reuse; every write
 * re-reads the section's answers (refreshReports), so what is on screen is current.
 */
const { read, write } = sectionCalls('connect', refreshReports);
/** A 204 answer (DELETE). */
const NoContent = z.unknown();

const cached = { dedupingInterval: LIST_CACHE_MS, revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false } as const;
const useRead = <S extends z.ZodMiniType>(key: readonly unknown[] | null, url: string, schema: S, options: object = cached) =>
  useSWR(key, () => read(url, schema), options);

export type ReportKind = 'general' | 'custom';
const ReportList = z.object({ reports: z.array(Report) });
const Recipients = z.object({ recipients: z.array(Recipient) });

/** GET /api/master-data: the customers the user may act for, transaction types, time zones. */
export const masterData = resource('master-data', MasterData);
export const useMasterData = () => useResourceGet(masterData);

export function useReports(customerId: string, kind: ReportKind) {
  const url = resourcePath('flow/reports') + queryString({ customerId, kind });
  return useRead(customerId ? reportKeys.list(url) : null, url, ReportList);
}

export function useReport(processId: string) {
  const url = resourcePath('flow/reports', processId);
  return useRead(reportKeys.report(url), url, Report);
}

export const createCustomReport = (input: CustomReportInput, idempotencyKey: string) =>
  write(resourcePath('flow/custom-reports'), 'POST', input, Report, idempotencyKey);
export const updateCustomReport = (processId: string, input: Omit<CustomReportInput, 'customerId'>) =>
  write(resourcePath('flow/custom-reports', processId), 'PUT', input, Report);
export const deleteCustomReport = (processId: string) => write(resourcePath('flow/custom-reports', processId), 'DELETE', undefined, NoContent);

export function useSchedule(processId: string) {
  const url = resourcePath('flow/report-scheduling', processId);
  return useRead(reportKeys.schedule(url), url, ReportSchedule);
}
export const saveSchedule = (processId: string, update: ReportScheduleUpdate) =>
  write(resourcePath('flow/report-scheduling', processId), 'PUT', update, ReportSchedule);

export function useMailingList(processId: string) {
  const url = resourcePath('flow/custom-reports', processId, 'mailing-list');
  return useRead(reportKeys.mailingList(url), url, Recipients);
}
/** The customer's portal users not on the list; asked for when the add picker opens. */
export function useRecipientCandidates(processId: string, wanted: boolean) {
  const url = resourcePath('flow/custom-reports', processId, 'recipient-candidates');
  return useRead(wanted ? reportKeys.mailingList(url) : null, url, Recipients);
}
export const addRecipient = (processId: string, referenceId: string) =>
  write(resourcePath('flow/custom-reports', processId, 'add-recipient'), 'POST', { referenceId }, Recipients);
export const removeRecipient = (processId: string, referenceId: string) =>
  write(resourcePath('flow/custom-reports', processId, 'remove-recipient'), 'POST', { referenceId }, Recipients);
export const addContact = (input: z.input<typeof MailContactInput>) =>
  write(resourcePath('flow/process-mail-contacts'), 'POST', input, Recipient);
/** A pending external contact's confirmation mail again (ADR 051; limited per contact). */
export const resendConfirmation = (processId: string, contactId: string) =>
  write(resourcePath('flow/custom-reports', processId, `contacts/${contactId}/send-confirmation`), 'POST', {}, Recipient);

/** "Run now": 202 and the job (the same job on a retry with the same key). */
export const startReportJob = (input: z.input<typeof ReportJobInput>, idempotencyKey: string) =>
  write(resourcePath('flow/report-jobs'), 'POST', input, ReportJob, idempotencyKey);

/** How often a running job is asked for its progress. */
export const REPORT_POLL_MS = 1000;
const running = (job: ReportJob | undefined) => !job || job.status === 'creating';
export function useReportJob(jobId: string | null) {
  const url = jobId ? resourcePath('flow/report-jobs', jobId) : '';
  return useSWR(jobId ? reportKeys.job(url) : null, () => read(url, ReportJob), {
    refreshInterval: (job: ReportJob | undefined) => (running(job) ? REPORT_POLL_MS : 0),
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** The run log of one report, newest first, re-read every few seconds while a run in it is unfinished. */
export function useReportJobs(processId: string, index: number, maxResults: number) {
  const url = resourcePath('flow/report-jobs') + queryString({ processId, index, maxResults });
  return useSWR(reportKeys.jobs(url), async () => {
    const page = await read(url, ReportJobPage);
    return { ...page, pagination: toPagination(page) };
  }, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
    refreshInterval: (page) => (page?.items.some((job) => running(job) || job.deliveries.some((d) => d.status === 'pending')) ? 3000 : 0),
  });
}
export const cancelReportJob = (jobId: string) => write(resourcePath('flow/report-jobs', jobId), 'DELETE', undefined, NoContent);

export function useReportFiles(customerId: string, index: number, maxResults: number) {
  const url = resourcePath('flow/report-files') + queryString({ customerId, index, maxResults });
  return useSWR(customerId ? reportKeys.files(url) : null, async () => {
    const page = await read(url, ReportFilePage);
    return { ...page, pagination: toPagination(page) };
  }, { ...cached, keepPreviousData: true });
}

/** A presigned URL valid a few minutes, asked for right before the download. */
export const fetchReportDownload = (fileId: string) => read(resourcePath('flow/report-files', fileId, 'download'), ReportDownload);

export const resendDelivery = (jobId: string, deliveryId: string) =>
  write(resourcePath('flow/report-jobs', jobId, `deliveries/${deliveryId}/resend`), 'POST', {}, Delivery);

/** The double opt-in's page (no session): POST /api/report-confirm?token=T (ADR 051). */
export const ConfirmAnswer = z.object({ confirmed: z.boolean(), reportName: z.string(), email: z.string() });
export async function confirmContact(token: string): Promise<z.infer<typeof ConfirmAnswer>> {
  const options = { portal: 'connect', notify: false, authDialog: false } as const;
  const response = await fetchFor(options)(resourcePath('report-confirm') + queryString({ token }), { method: 'POST' });
  return readJson(response, ConfirmAnswer, options);
}

/** The public one-click unsubscribe (no session): POST /api/report-unsubscribe?token=T, a connect route. */
export const UnsubscribeAnswer = z.object({ unsubscribed: z.boolean(), reportName: z.string(), reportId: z.optional(z.string()), email: z.string() });
export async function unsubscribe(token: string): Promise<z.infer<typeof UnsubscribeAnswer>> {
  const options = { portal: 'connect', notify: false, authDialog: false } as const;
  const response = await fetchFor(options)(resourcePath('report-unsubscribe') + queryString({ token }), { method: 'POST' });
  return readJson(response, UnsubscribeAnswer, options);
}
