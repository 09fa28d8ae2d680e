import type { SessionStatus } from '@portal/core/auth';
import type { ExportJob } from '@portal/core/export';
import type { MasterData } from '@portal/core/masterdata';
import { loggedOutStatus } from '../lib/auth.ts';

/** Contract-shaped fixtures for unit tests. */
export const sessionUser = (ordering: Record<string, boolean> = {}): NonNullable<SessionStatus['user']> => ({
  username: 'u',
  email: 'u@example.com',
  firstname: 'U',
  surname: 'Ser',
  securityFlag: 0,
  brandingUrl: '',
  locale: 'en-US',
  timezone: 'Europe/Berlin',
  currencyObj: { id: 1, name: 'Euro', numericCode: '978', isoCode: 'EUR', symbol: '€', decimals: 2 },
  ftpUploadDir: null,
  documentDirname: null,
  fileSettings: {},
  permissions: {},
  settings: {},
  modules: { ordering: { permissions: ordering, settings: {} } },
  strongAuthentication: false,
});

export const signedIn = (over: Partial<SessionStatus> = {}, ordering: Record<string, boolean> = {}): SessionStatus => ({
  ...loggedOutStatus,
  loggedIn: true,
  user: sessionUser(ordering),
  ...over,
});

/** A signed-in user holding one module (ADR 031) with `permissions` and no settings, in place of the ordering module. */
export const signedInWithModule = (module: string, permissions: Record<string, boolean>): SessionStatus => {
  const status = signedIn();
  return { ...status, user: { ...sessionUser(), modules: { [module]: { permissions, settings: {} } } } };
};

/** Master data of a connect test: one zone, EUR, no lists but what `over` gives. */
export const masterDataFixture = (over: Partial<MasterData> = {}): MasterData => ({
  timezones: ['Europe/Berlin'],
  retailers: [],
  providers: [],
  customers: [],
  customerGroups: [],
  platforms: [],
  countries: [],
  regions: [],
  currencies: [{ currencyId: 'EUR', name: 'Euro', decimals: 2 }],
  transactionTypes: [],
  divisions: [],
  ...over,
});

/** An export job as the API answers a start (queued, nothing written yet), with what `over` gives. */
export const exportJobFixture = (over: Partial<ExportJob> = {}): ExportJob => ({
  jobId: 'job-0000-0001',
  kind: 'transactions',
  format: 'xlsx',
  status: 'queued',
  rowsWritten: 0,
  totalRows: null,
  split: false,
  files: [],
  createdAt: '2026-11-25T01:00:00.000Z',
  finishedAt: null,
  error: null,
  ...over,
});
