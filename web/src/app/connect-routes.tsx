import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { ConnectSectionKey } from '@portal/core/auth';
import { CONNECT_SECTIONS, type ConnectSection } from '../features/connect/sections.ts';
import { paths } from '../lib/paths.ts';
import { lazyRoute } from './lazy-route.ts';
import { MfaActivatedRoute, region, SsoCallbackRoute } from './route-parts.tsx';
import { NotFoundRoute } from './routes/not-found-route.tsx';
import { AuditLogScreen, MfaSetupRoute, MyAccountRoute, RequireAuth, TeamRoute, TeamUserRoute } from './signed-in-screens.ts';

// The connect portal's route branch (/connect), loaded by router.tsx apart from the login page's code and from
// the ordering portal's branch (app-routes.tsx, ADR 127). The shell, its guard and every screen load with their
// own chunk on first use, with their feature's message catalogues. The shell shows the MFA notice and service
// messages (shell) and its sections' names (connect).
const ConnectLayout = lazyRoute(() => import('./layouts/connect-layout.tsx'), 'ConnectLayout', 'shell', 'connect');
const RequireConnectSection = lazyRoute(() => import('./connect-guards.tsx'), 'RequireConnectSection');
const ConnectHomeRoute = lazyRoute(() => import('./routes/connect-home-route.tsx'), 'ConnectHomeRoute');
const transactionsRoute = () => import('./routes/connect-transactions-route.tsx');
// A deep link into the transactions: its screen's module at once, which predicts its list read (ADR 147).
if (import.meta.env.PROD && window.location.pathname === paths.connect.transactions) void transactionsRoute().catch(() => undefined);
/** Every connect section's screen, its feature's lazy route: one line per section (a new key fails to compile without one). */
const CONNECT_SCREENS: Record<ConnectSectionKey, ComponentType> = {
  'serial-numbers': lazyRoute(() => import('../features/serials/routes/serial-numbers-route.tsx'), 'SerialNumbersRoute', 'serials'),
  transactions: lazyRoute(transactionsRoute, 'ConnectTransactionsRoute', 'transactions', 'exports'),
  imports: lazyRoute(() => import('./routes/connect-imports-route.tsx'), 'ConnectImportsRoute', 'imports'),
  products: lazyRoute(() => import('../features/products/routes/products-route.tsx'), 'ProductsRoute', 'products'),
  sales: lazyRoute(() => import('./routes/connect-sales-route.tsx'), 'ConnectSalesRoute', 'connectSales', 'exports'),
  reports: lazyRoute(() => import('./routes/connect-reports-route.tsx'), 'ConnectReportsRoute', 'reports'),
  requests: lazyRoute(() => import('./routes/connect-requests-route.tsx'), 'ConnectRequestsRoute', 'requests'),
  news: lazyRoute(() => import('../features/news/routes/news-route.tsx'), 'NewsRoute', 'news'),
  documents: lazyRoute(() => import('../features/documents/routes/documents-route.tsx'), 'DocumentsRoute', 'documents'),
  company: lazyRoute(() => import('../features/company/routes/company-route.tsx'), 'CompanyRoute', 'company', 'requests'),
  'product-allocation': lazyRoute(() => import('../features/allocation/routes/allocation-route.tsx'), 'AllocationRoute', 'allocation'),
  logo: lazyRoute(() => import('../features/logo/routes/logo-route.tsx'), 'LogoRoute', 'logo'),
  team: TeamRoute,
  'audit-log': AuditLogScreen,
};
/** Screens below a section's URL, behind the same guards as their section (a report's page, a new report). */
const CONNECT_SUBSCREENS: { path: string; section: ConnectSectionKey; Screen: ComponentType }[] = [
  // The new report's form: its own module, not the report page's (ADR 154).
  {
    path: paths.connect.newReport,
    section: 'reports',
    Screen: lazyRoute(() => import('../features/reports/routes/new-report-route.tsx'), 'NewReportRoute', 'reports', 'reportPage'),
  },
  {
    path: paths.connect.report.pattern,
    section: 'reports',
    Screen: lazyRoute(() => import('./routes/connect-report-route.tsx'), 'ConnectReportRoute', 'reports', 'reportPage'),
  },
  {
    path: paths.connect.importFile.pattern,
    section: 'imports',
    Screen: lazyRoute(() => import('./routes/connect-imports-route.tsx'), 'ConnectImportRoute', 'imports'),
  },
  {
    path: paths.connect.request.pattern,
    section: 'requests',
    Screen: lazyRoute(() => import('../features/requests/routes/request-route.tsx'), 'RequestRoute', 'requests', 'requestPage'),
  },
  {
    path: paths.connect.workflow.pattern,
    section: 'requests',
    Screen: lazyRoute(() => import('../features/workflows/routes/workflow-editor-route.tsx'), 'WorkflowEditorRoute', 'requests'),
  },
  { path: paths.connect.teamUser.pattern, section: 'team', Screen: TeamUserRoute },
  // News (ADR 081): the editor's screens before the item's pattern, which would match "manage".
  ...newsSubscreens(),
];
function newsSubscreens(): { path: string; section: ConnectSectionKey; Screen: ComponentType }[] {
  const editor = lazyRoute(() => import('../features/news/routes/news-editor-route.tsx'), 'NewsEditorRoute', 'news');
  return [
    {
      path: paths.connect.newsManage,
      section: 'news',
      Screen: lazyRoute(() => import('../features/news/routes/news-manage-route.tsx'), 'NewsManageRoute', 'news'),
    },
    { path: paths.connect.newsNew, section: 'news', Screen: editor },
    { path: paths.connect.newsEdit.pattern, section: 'news', Screen: editor },
    {
      path: paths.connect.newsItem.pattern,
      section: 'news',
      Screen: lazyRoute(() => import('../features/news/routes/news-item-route.tsx'), 'NewsItemRoute', 'news'),
    },
  ];
}
const connectScreen = (section: ConnectSection) => {
  const Screen = CONNECT_SCREENS[section.key];
  return <Screen />;
};

/** The /connect branch of the route table (router.tsx puts it beside the public pages). */
export const connectBranch: RouteObject = {
  path: paths.connect.root,
  element: <ConnectLayout />,
  children: region([
    { index: true, element: <ConnectHomeRoute /> },
    {
      // Connect's own My Account: the account feature's profile, read with the connect session.
      path: paths.connect.myAccount,
      element: (
        <RequireAuth redirectTo={paths.connect.root}>
          <MyAccountRoute />
        </RequireAuth>
      ),
    },
    {
      path: paths.connect.mfaSetup,
      element: (
        <RequireAuth redirectTo={paths.connect.root}>
          <MfaSetupRoute />
        </RequireAuth>
      ),
    },
    { path: paths.connect.ssoCallback, element: <SsoCallbackRoute /> },
    { path: paths.connect.mfaActivated, element: <MfaActivatedRoute /> },
    ...CONNECT_SECTIONS.map((section): RouteObject => ({
      path: section.path,
      element: (
        <RequireAuth redirectTo={paths.connect.root}>
          <RequireConnectSection section={section}>{connectScreen(section)}</RequireConnectSection>
        </RequireAuth>
      ),
    })),
    ...CONNECT_SUBSCREENS.map(({ path, section, Screen }): RouteObject => ({
      path,
      element: (
        <RequireAuth redirectTo={paths.connect.root}>
          <RequireConnectSection section={CONNECT_SECTIONS.find((s) => s.key === section)!}>
            <Screen />
          </RequireConnectSection>
        </RequireAuth>
      ),
    })),
    { path: '*', element: <NotFoundRoute homeTo={paths.connect.root} /> },
  ]),
};
