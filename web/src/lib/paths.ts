import type { Portal } from '@portal/core/shared';

/**
 * Every URL of the web app, in one place (ARCHITECTURE convention 7). Screens link with these helpers,
 * never with hand-written strings.
 */
const enc = encodeURIComponent;

/**
 * A URL with parameters: call it with the values (each encoded), or read its `pattern` — the route path
 * the router matches (app/router.tsx), so both are written once.
 */
function withParams<A extends string[]>(pattern: string): ((...values: A) => string) & { pattern: string } {
  const build = (...values: A) => {
    let index = 0;
    return pattern.replace(/:\w+/g, () => enc(values[index++] ?? ''));
  };
  return Object.assign(build, { pattern });
}

export const paths = {
  home: '/',
  about: '/about',
  privacyPolicy: '/about#privacy-policy',
  legalNotice: '/about#legal-notice',
  forgotPassword: '/forgot-password',
  landing: '/landing',
  ssoCallback: '/sso-callback',
  /** Public: shown once MFA is activated (the server ended every session) — recovery codes, log in again. */
  mfaActivated: '/mfa-activated',
  /** Public: the link mailed to a new e-mail address (ADR 017). */
  confirmEmail: '/confirm-email',
  /** Public: the one-click unsubscribe link in a report mail to an external recipient (ADR 042). */
  unsubscribe: '/unsubscribe',
  /** Public: the double opt-in link mailed to a new external report contact (ADR 051). */
  reportConfirmation: '/report-confirmation',
  /** Public: the single-use invitation link mailed to a new colleague (ADR 113): set a password, then MFA. */
  invitation: '/invitation',
  app: {
    root: '/app',
    myAccount: '/app/my-account',
    mfaSetup: '/app/my-account/mfa',
    retailerSelection: '/app/retailer-selection',
    order: {
      address: '/app/order',
      location: withParams<[id: string]>('/app/order/location/:id'),
      check: withParams<[id: string]>('/app/order/check/:id'),
      finalise: withParams<[id: string]>('/app/order/finalise/:id'),
      product: withParams<[id: string, productId: string]>('/app/order/product/:id/:productId'),
      products: '/app/order/products',
      basket: '/app/order/basket',
    },
    questionnaire: '/app/questionnaire',
    orders: '/app/orders',
    orderDetail: withParams<[orderId: string]>('/app/orders/:orderId'),
    sales: '/app/sales',
    auditLog: '/app/audit-log',
    couponing: {
      serials: '/app/couponing',
      query: '/app/couponing/query',
      details: '/app/couponing/details',
      /** One card's Details: its serial and, since several cards may carry a serial, its EAN. */
      card: (serial: string, ean: string) => `/app/couponing/details?${new URLSearchParams({ serial, ean }).toString()}`,
    },
    /** The customer's own administrator's Users (ADR 113). */
    team: '/app/team',
    teamUser: withParams<[userId: string]>('/app/team/:userId'),
  },
  connect: {
    root: '/connect',
    myAccount: '/connect/my-account',
    mfaSetup: '/connect/my-account/mfa',
    mfaActivated: '/connect/mfa-activated',
    ssoCallback: '/connect/sso-callback',
    serialNumbers: '/connect/serial-numbers',
    transactions: '/connect/transactions',
    imports: '/connect/imports',
    importFile: withParams<[fileId: string]>('/connect/imports/:fileId'),
    sales: '/connect/sales',
    reports: '/connect/reports',
    newReport: '/connect/reports/new',
    report: withParams<[processId: string]>('/connect/reports/:processId'),
    news: '/connect/news',
    newsItem: withParams<[newsId: string]>('/connect/news/:newsId'),
    newsManage: '/connect/news/manage',
    newsNew: '/connect/news/manage/new',
    newsEdit: withParams<[newsId: string]>('/connect/news/manage/:newsId'),
    documents: '/connect/documents',
    company: '/connect/company',
    logo: '/connect/logo',
    products: '/connect/products',
    productAllocation: '/connect/product-allocation',
    requests: '/connect/requests',
    request: withParams<[requestId: string]>('/connect/requests/:requestId'),
    workflow: withParams<[workflowId: string]>('/connect/requests/workflows/:workflowId'),
    team: '/connect/team',
    teamUser: withParams<[userId: string]>('/connect/team/:userId'),
    auditLog: '/connect/audit-log',
  },
} as const;

/** The screens every portal has, by portal: its login (home), My Account, MFA set-up, SSO callback. */
export interface PortalPaths {
  home: string;
  myAccount: string;
  mfaSetup: string;
  mfaActivated: string;
  ssoCallback: string;
}
export function portalPaths(portal: Portal): PortalPaths {
  return portal === 'connect'
    ? {
        home: paths.connect.root,
        myAccount: paths.connect.myAccount,
        mfaSetup: paths.connect.mfaSetup,
        mfaActivated: paths.connect.mfaActivated,
        ssoCallback: paths.connect.ssoCallback,
      }
    : {
        home: paths.home,
        myAccount: paths.app.myAccount,
        mfaSetup: paths.app.mfaSetup,
        mfaActivated: paths.mfaActivated,
        ssoCallback: paths.ssoCallback,
      };
}

/** Whether a path is below a signed-in shell's root (/app or /connect), where the signed-in code loads at once (ADR 097). */
export const isSignedInPath = (pathname: string): boolean =>
  [paths.app.root, paths.connect.root].some((root) => pathname === root || pathname.startsWith(`${root}/`));

/**
 * The connect portal's home (/connect): its login page while the visitor is not signed in to connect, served from
 * the entry in the public shell like the ordering portal's (/), without the signed-in code (ADR 127).
 */
export const isConnectHome = (pathname: string): boolean => pathname.replace(/\/+$/, '') === paths.connect.root;
