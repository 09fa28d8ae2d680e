import type { SessionStatus } from '@portal/core/auth';
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

export const signedIn = (
  over: Partial<SessionStatus> = {},
  ordering: Record<string, boolean> = {},
): SessionStatus => ({
  ...loggedOutStatus,
  loggedIn: true,
  user: sessionUser(ordering),
  ...over,
});
