import * as z from '@portal/core/zod';

/** What the export function receives (ADR 033): the job to run; the payload of the export's job launcher (ADR 059). */
export const ExportJobEvent = z.object({ jobId: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/)) });
export type ExportJobEvent = z.infer<typeof ExportJobEvent>;
