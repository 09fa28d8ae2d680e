import { Id, pageOf, QueryInt } from '../shared/schemas.ts';
import * as z from '../shared/zod.ts';
import { ReportFile, ReportJob } from './report.ts';

/**
 * The report job lists (ADR 041): the run log of one report and the "Report files" tab of one customer,
 * both newest first, paged like every list (SPEC 3 Pagination: zero-based page `index`, `maxResults`).
 */
export const ReportJobListQuery = z.object({ processId: Id, index: QueryInt(0, 10_000, 0), maxResults: QueryInt(1, 100, 20) });
export type ReportJobListQuery = z.infer<typeof ReportJobListQuery>;
export const ReportFileListQuery = z.object({ customerId: Id, index: QueryInt(0, 10_000, 0), maxResults: QueryInt(1, 100, 20) });
export type ReportFileListQuery = z.infer<typeof ReportFileListQuery>;

export const ReportJobPage = pageOf(ReportJob);
export type ReportJobPage = z.infer<typeof ReportJobPage>;
export const ReportFilePage = pageOf(ReportFile);
export type ReportFilePage = z.infer<typeof ReportFilePage>;

/** Path parameters: a job id (uuid, or `s-` + a hash for a scheduled run) and a file id `<jobId>.<n>`. */
export const ReportJobParams = z.object({ jobId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'not a report job id')) });
export const ReportFileParams = z.object({ fileId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}\.\d{1,4}$/, 'not a report file id')) });
