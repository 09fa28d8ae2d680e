import { Report, ReportDownload, ReportFilePage } from '@portal/core/report';
import { MasterData } from '@portal/core/masterdata';
import { toPagination } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { readJson } from '../../../lib/api-client.ts';
import { resource, SECTION_READ, sectionCalls, segment, useResourceGet } from '../../../lib/resource-client.ts';
import { refreshReports, reportKeys } from './keys.ts';

/**
 * The Reports section's calls (ADR 044; the API of reports-shared.md: flow/reports, custom-reports,
 * report-scheduling, mailing lists, report-jobs, report-files, deliveries' resend, unsubscribe), on the
 * typed client (ADR 057). Failures are shown in place by the screens (codes translated, field issues at their
 * fields), so no snack; a 401/403 still opens the auth dialog. Reads share the resource client's key scope
 * and 5-minute reuse; every write re-reads the section's answers (refreshReports), so what is on screen is current.
 */
const calls = sectionCalls('connect', refreshReports);
/** The section's calls, shared with a report's page's (report-calls.ts). */
export const { read, write } = calls;
export const flow = () => calls.client().flow;

export type ReportKind = 'general' | 'custom';
const ReportList = z.object({ reports: z.array(Report) });

/** GET /api/master-data: the customers the user may act for, transaction types, time zones. */
export const masterData = resource((c) => c['master-data'], MasterData);
export const useMasterData = () => useResourceGet(masterData);

export function useReports(customerId: string, kind: ReportKind) {
  const at = flow().reports;
  const args = { query: { customerId, kind } };
  return useSWR(customerId ? reportKeys.list(at.$path(args)) : null, () => read(at.$get(args), ReportList), SECTION_READ);
}

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
