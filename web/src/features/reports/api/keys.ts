import { mutate } from 'swr';
import { KeyScope } from '../../../lib/query-keys.ts';

/**
 * SWR keys of the Reports section in the resource client's shape `[scope, portal, route, kind, url]`
 * (lib/resource-client.ts), so a logout drops them with the other connect answers.
 */
const key = (route: string, kind: 'list' | 'get', url: string) => [KeyScope.resource, 'connect', route, kind, url] as const;

export const reportKeys = {
  list: (url: string) => key('flow/reports', 'list', url),
  report: (url: string) => key('flow/reports', 'get', url),
  schedule: (url: string) => key('flow/report-scheduling', 'get', url),
  mailingList: (url: string) => key('flow/custom-reports', 'get', url),
  jobs: (url: string) => key('flow/report-jobs', 'list', url),
  job: (url: string) => key('flow/report-jobs', 'get', url),
  files: (url: string) => key('flow/report-files', 'list', url),
};

const ROUTES = new Set(['flow/reports', 'flow/report-scheduling', 'flow/custom-reports', 'flow/report-jobs', 'flow/report-files']);
/**
 * After any write of the section: every reports answer is read again, the shown one kept until the new one
 * arrives. (The resource client's dropResourceCache empties the answers first: the report page's forms would
 * unmount under the user and lose their "saved" state and a running "Run now".)
 */
export const refreshReports = (only: (route: string, kind: string) => boolean = () => true) =>
  mutate((key: unknown) =>
    Array.isArray(key) && key[0] === KeyScope.resource && key[1] === 'connect' && ROUTES.has(key[2] as string) && only(key[2] as string, key[3] as string),
  );
