import type { Portal } from '@portal/core/shared';
import { KeyScope } from '../../../lib/query-keys.ts';

/** SWR keys of export jobs: one job's progress, read by the session (of its portal) that started it. */
export const exportKeys = {
  job: (portal: Portal, jobId: string) => [KeyScope.exportJobs, portal, jobId] as const,
};
