import { KeyScope } from '../../../lib/query-keys.ts';

/** SWR keys of export jobs: one job's progress, read by the connect session that started it. */
export const exportKeys = {
  job: (jobId: string) => [KeyScope.exportJobs, 'connect', jobId] as const,
};
