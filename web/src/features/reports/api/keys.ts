import { KeyScope } from '../../../lib/query-keys.ts';

/**
 * SWR keys of the Reports section in the resource client's shape `[scope, portal, route, kind, url]`
 * (lib/resource-client.ts): every write of the section drops them all (dropResourceCache), so a list on
 * screen re-reads after a save, a recipient change or a run.
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
