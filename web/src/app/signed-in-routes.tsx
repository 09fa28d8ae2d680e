import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { ConnectSectionKey } from '@portal/core/auth';
import { CONNECT_SECTIONS, type ConnectSection } from '../features/connect/sections.ts';
import { paths } from '../lib/paths.ts';
import { lazyRoute } from './lazy-route.ts';
import { MfaActivatedRoute, region, SsoCallbackRoute } from './route-parts.tsx';
import { NotFoundRoute } from './routes/not-found-route.tsx';

// The signed-in portals' route branches (/app and /connect), loaded by router.tsx apart from the login
// page's code. The shells, their guards and every screen load with their own chunk on first use, with
// their feature's message catalogues. The shells show the MFA notice (account) and the ordering sidebar
// its questionnaire link.
const AppLayout = lazyRoute(() => import('./layouts/app-layout.tsx'), 'AppLayout', 'account', 'questionnaire');
const ConnectLayout = lazyRoute(() => import('./layouts/connect-layout.tsx'), 'ConnectLayout', 'account', 'connect');
const guards = () => import('./guards.tsx');
const RequireAuth = lazyRoute(guards, 'RequireAuth');
const RequireRetailer = lazyRoute(guards, 'RequireRetailer');
const RequireSection = lazyRoute(guards, 'RequireSection');
const RequireStrongAuth = lazyRoute(guards, 'RequireStrongAuth');
const RequireConnectSection = lazyRoute(guards, 'RequireConnectSection');
// Reads the session through lib/auth, which comes with the data layer (data-bridge.ts).
const AppIndexRoute = lazyRoute(() => import('./routes/app-index-route.tsx'), 'AppIndexRoute');
const ConnectHomeRoute = lazyRoute(() => import('./routes/connect-home-route.tsx'), 'ConnectHomeRoute');
const MyAccountRoute = lazyRoute(() => import('../features/account/routes/my-account-route.tsx'), 'MyAccountRoute', 'account');
const MfaSetupRoute = lazyRoute(() => import('../features/account/routes/mfa-setup-route.tsx'), 'MfaSetupRoute', 'account');
const couponing = () => ['couponing'] as const;
const FilterRoute = lazyRoute(() => import('../features/couponing/routes/filter-route.tsx'), 'FilterRoute', ...couponing());
const QueryRoute = lazyRoute(() => import('../features/couponing/routes/query-route.tsx'), 'QueryRoute', ...couponing());
const DetailsRoute = lazyRoute(() => import('../features/couponing/routes/details-route.tsx'), 'DetailsRoute', ...couponing());
/** Every connect section's screen, its feature's lazy route: one line per section (a new key fails to compile without one). */
const CONNECT_SCREENS: Record<ConnectSectionKey, ComponentType> = {
  'serial-numbers': lazyRoute(() => import('../features/serials/routes/serial-numbers-route.tsx'), 'SerialNumbersRoute', 'serials'),
  transactions: lazyRoute(() => import('./routes/connect-transactions-route.tsx'), 'ConnectTransactionsRoute', 'transactions', 'exports'),
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
  team: lazyRoute(() => import('../features/team/routes/team-route.tsx'), 'TeamRoute', 'team'),
  'audit-log': lazyRoute(() => import('./routes/audit-log-route.tsx'), 'AuditLogScreen', 'audit', 'exports', 'team'),
};
// The Users section's account page (ADR 113), in both portals.
const TeamUserRoute = lazyRoute(() => import('../features/team/routes/team-user-route.tsx'), 'TeamUserRoute', 'team');
/** Screens below a section's URL, behind the same guards as their section (a report's page, a new report). */
const reportRoute = () => import('./routes/connect-report-route.tsx');
const CONNECT_SUBSCREENS: { path: string; section: ConnectSectionKey; Screen: ComponentType }[] = [
  { path: paths.connect.newReport, section: 'reports', Screen: lazyRoute(reportRoute, 'ConnectNewReportRoute', 'reports') },
  { path: paths.connect.report.pattern, section: 'reports', Screen: lazyRoute(reportRoute, 'ConnectReportRoute', 'reports') },
  {
    path: paths.connect.importFile.pattern,
    section: 'imports',
    Screen: lazyRoute(() => import('./routes/connect-imports-route.tsx'), 'ConnectImportRoute', 'imports'),
  },
  {
    path: paths.connect.request.pattern,
    section: 'requests',
    Screen: lazyRoute(() => import('../features/requests/routes/request-route.tsx'), 'RequestRoute', 'requests'),
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
// The order stepper's pages name the chosen retailer (retailerSelection.*) too.
const connectScreen = (section: ConnectSection) => {
  const Screen = CONNECT_SCREENS[section.key];
  return <Screen />;
};
const order = () => ['order', 'retailer'] as const;
const AddressRoute = lazyRoute(() => import('../features/order/routes/address-route.tsx'), 'AddressRoute', ...order());
const basket = () => import('../features/order/routes/basket-route.tsx');
const BasketRoute = lazyRoute(basket, 'BasketRoute', ...order());
const CurrentProductsRoute = lazyRoute(basket, 'CurrentProductsRoute', ...order());
const CheckRoute = lazyRoute(() => import('../features/order/routes/check-route.tsx'), 'CheckRoute', ...order());
const FinaliseRoute = lazyRoute(() => import('../features/order/routes/finalise-route.tsx'), 'FinaliseRoute', ...order());
const ProductRoute = lazyRoute(() => import('../features/order/routes/product-route.tsx'), 'ProductRoute', ...order());
const ProductsRoute = lazyRoute(() => import('../features/order/routes/products-route.tsx'), 'ProductsRoute', ...order());
const OrdersRoute = lazyRoute(() => import('../features/orders/routes/orders-route.tsx'), 'OrdersRoute', 'orders');
const OrderDetailRoute = lazyRoute(() => import('../features/orders/routes/order-detail-route.tsx'), 'OrderDetailRoute', 'orders');
const RetailerSelectionRoute = lazyRoute(
  () => import('../features/retailer/routes/retailer-selection-route.tsx'),
  'RetailerSelectionRoute',
  'retailer',
);
const QuestionnaireRoute = lazyRoute(() => import('./routes/questionnaire-route.tsx'), 'QuestionnaireRoute', 'questionnaire');
// The sales screen's Orders tab loads the orders feature's list and catalogue when shown (ADR 128).
const TeamRoute = CONNECT_SCREENS.team;
const SalesRoute = lazyRoute(() => import('./routes/sales-route.tsx'), 'SalesRoute', 'sales');
// The customer's audit log (ADR 116): the same screen as connect's, with its export panel.
const AuditLogScreen = lazyRoute(() => import('./routes/audit-log-route.tsx'), 'AuditLogScreen', 'audit', 'exports', 'team');

const app = paths.app;

/** The /app and /connect branches of the route table (router.tsx puts them beside the public pages). */
export const signedInBranches: RouteObject[] = [
  {
    path: app.root,
    element: <AppLayout />,
    children: region([
      { index: true, element: <AppIndexRoute /> },
      { path: app.myAccount, element: <MyAccountRoute /> },
      { path: app.mfaSetup, element: <MfaSetupRoute /> },
      {
        // Every other section: not while a step of the account is pending, and only with the
        // permissions that open it (ADR 017; core's maySeeSection).
        element: <RequireSection />,
        children: [
          { path: app.retailerSelection, element: <RetailerSelectionRoute /> },
          // Needs no chosen retailer: the log is the user's customer's (ADR 116).
          { path: app.auditLog, element: <AuditLogScreen /> },
          {
            // order, questionnaire, orders and sales need a chosen retailer (unless disableRetailerLevel).
            element: <RequireRetailer selectionPath={app.retailerSelection} />,
            children: [
              {
                path: app.order.address,
                children: [
                  { index: true, element: <AddressRoute /> },
                  { path: app.order.location.pattern, element: <ProductsRoute /> },
                  { path: app.order.check.pattern, element: <CheckRoute /> },
                  { path: app.order.finalise.pattern, element: <FinaliseRoute /> },
                  { path: app.order.product.pattern, element: <ProductRoute /> },
                  { path: app.order.products, element: <CurrentProductsRoute /> },
                  { path: app.order.basket, element: <BasketRoute /> },
                ],
              },
              { path: app.questionnaire, element: <QuestionnaireRoute /> },
              { path: app.orders, element: <OrdersRoute /> },
              { path: app.orderDetail.pattern, element: <OrderDetailRoute /> },
            ],
          },
          {
            // Sections that need the higher authentication standard (SPEC 6; ADR 006): checked before
            // the retailer, so a user who may not enter is not first asked to choose a retailer.
            element: <RequireStrongAuth deniedPath={app.myAccount} />,
            children: [
              {
                element: <RequireRetailer selectionPath={app.retailerSelection} />,
                children: [{ path: app.sales, element: <SalesRoute /> }],
              },
              // The customer's own administrator's Users (ADR 113): manageTeam, no retailer needed.
              { path: app.team, element: <TeamRoute /> },
              { path: app.teamUser.pattern, element: <TeamUserRoute /> },
              {
                path: app.couponing.serials,
                children: [
                  { index: true, element: <FilterRoute /> },
                  { path: app.couponing.query, element: <QueryRoute /> },
                  { path: app.couponing.details, element: <DetailsRoute /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute homeTo={app.root} /> },
    ]),
  },
  {
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
  },
];
