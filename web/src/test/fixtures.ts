import type { SessionStatus } from '@portal/core/auth';
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
