import { mutate } from 'swr';
import { KeyScope } from '../../../lib/query-keys.ts';
import { resourceKey } from '../../../lib/resource-client.ts';

/**
 * SWR keys of the Reports section in the resource client's shape `[scope, portal, route, kind, path]`
 * (lib/resource-client.ts), so a logout drops them with the other connect answers.
 */
const key = (route: string, kind: 'list' | 'get', path: string) => resourceKey('connect', route, kind, path);

export const reportKeys = {
  list: (path: string) => key('flow/reports', 'list', path),
  report: (path: string) => key('flow/reports', 'get', path),
  schedule: (path: string) => key('flow/report-scheduling', 'get', path),
  mailingList: (path: string) => key('flow/custom-reports', 'get', path),
  jobs: (path: string) => key('flow/report-jobs', 'list', path),
  job: (path: string) => key('flow/report-jobs', 'get', path),
  files: (path: string) => key('flow/report-files', 'list', path),
};

const ROUTES = new Set(['flow/reports', 'flow/report-scheduling', 'flow/custom-reports', 'flow/report-jobs', 'flow/report-files']);
/**
 * After any write of the section: every reports answer is read again, the shown one kept until the new one
 * arrives. (The resource client's dropResourceCache empties the answers first: the report page's forms would
 * unmount under the user and lose their "saved" state and a running "Run now".)
 */
export const refreshReports = (only: (route: string, kind: string) => boolean = () => true) =>
  mutate((key: unknown) => {
    if (!Array.isArray(key)) return false;
    const [scope, portal, route, kind]: unknown[] = key;
    return (
      scope === KeyScope.resource && portal === 'connect' && typeof route === 'string' && ROUTES.has(route) && only(route, String(kind))
    );
  });
