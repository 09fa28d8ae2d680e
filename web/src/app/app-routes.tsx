import type { RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { lazyRoute } from './lazy-route.ts';
import { region } from './route-parts.tsx';
import { NotFoundRoute } from './routes/not-found-route.tsx';
import { AuditLogScreen, MfaSetupRoute, MyAccountRoute, TeamRoute, TeamUserRoute } from './signed-in-screens.ts';

// The ordering portal's route branch (/app), loaded by router.tsx apart from the login page's code and from the
// connect portal's branch (connect-routes.tsx, ADR 127). The shell, its guards and every screen load with their
// own chunk on first use, with their feature's message catalogues. The shell shows the MFA notice and service
// messages (shell) and its sidebar the questionnaire link.
const AppLayout = lazyRoute(() => import('./layouts/app-layout.tsx'), 'AppLayout', 'shell', 'questionnaire');
const guards = () => import('./ordering-guards.tsx');
const RequireRetailer = lazyRoute(guards, 'RequireRetailer');
const RequireSection = lazyRoute(guards, 'RequireSection');
const RequireStrongAuth = lazyRoute(guards, 'RequireStrongAuth');
const AfterRetailer = lazyRoute(guards, 'AfterRetailer');
// Reads the session through lib/auth, which comes with the data layer (data-bridge.ts).
const AppIndexRoute = lazyRoute(() => import('./routes/app-index-route.tsx'), 'AppIndexRoute');
const couponing = () => ['couponing'] as const;
const FilterRoute = lazyRoute(() => import('../features/couponing/routes/filter-route.tsx'), 'FilterRoute', ...couponing());
const QueryRoute = lazyRoute(() => import('../features/couponing/routes/query-route.tsx'), 'QueryRoute', ...couponing());
const DetailsRoute = lazyRoute(() => import('../features/couponing/routes/details-route.tsx'), 'DetailsRoute', ...couponing());
// The order stepper's pages name the chosen retailer (retailerSelection.*) too.
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
const SalesRoute = lazyRoute(() => import('./routes/sales-route.tsx'), 'SalesRoute', 'sales');

const app = paths.app;

/** The /app branch of the route table (router.tsx puts it beside the public pages). */
export const appBranch: RouteObject = {
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
          // order, questionnaire, orders and sales need a chosen retailer (unless disableRetailerLevel); their
          // screens download once the guard knows where the user goes (AfterRetailer, ADR 140).
          element: <RequireRetailer selectionPath={app.retailerSelection} selection={<RetailerSelectionRoute />} />,
          children: [
            {
              path: app.order.address,
              children: [
                { index: true, element: <AfterRetailer screen={<AddressRoute />} /> },
                { path: app.order.location.pattern, element: <AfterRetailer screen={<ProductsRoute />} /> },
                { path: app.order.check.pattern, element: <AfterRetailer screen={<CheckRoute />} /> },
                { path: app.order.finalise.pattern, element: <AfterRetailer screen={<FinaliseRoute />} /> },
                { path: app.order.product.pattern, element: <AfterRetailer screen={<ProductRoute />} /> },
                { path: app.order.products, element: <AfterRetailer screen={<CurrentProductsRoute />} /> },
                { path: app.order.basket, element: <AfterRetailer screen={<BasketRoute />} /> },
              ],
            },
            { path: app.questionnaire, element: <AfterRetailer screen={<QuestionnaireRoute />} /> },
            { path: app.orders, element: <AfterRetailer screen={<OrdersRoute />} /> },
            { path: app.orderDetail.pattern, element: <AfterRetailer screen={<OrderDetailRoute />} /> },
          ],
        },
        {
          // Sections that need the higher authentication standard (SPEC 6; ADR 006): checked before
          // the retailer, so a user who may not enter is not first asked to choose a retailer.
          element: <RequireStrongAuth deniedPath={app.myAccount} />,
          children: [
            {
              element: <RequireRetailer selectionPath={app.retailerSelection} selection={<RetailerSelectionRoute />} />,
              children: [{ path: app.sales, element: <AfterRetailer screen={<SalesRoute />} /> }],
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
};
