import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ConfirmEmailRoute } from '../features/account/routes/confirm-email-route.tsx';
import { MfaActivatedRoute } from '../features/account/routes/mfa-activated-route.tsx';
import { MfaSetupRoute } from '../features/account/routes/mfa-setup-route.tsx';
import { MyAccountRoute } from '../features/account/routes/my-account-route.tsx';
import { ForgotPasswordRoute } from '../features/auth/routes/forgot-password-route.tsx';
import { SsoCallbackRoute } from '../features/auth/routes/sso-callback-route.tsx';
import { DetailsRoute } from '../features/couponing/routes/details-route.tsx';
import { FilterRoute } from '../features/couponing/routes/filter-route.tsx';
import { QueryRoute } from '../features/couponing/routes/query-route.tsx';
import { ConnectSectionRoute } from '../features/connect/routes/connect-section-route.tsx';
import { CONNECT_SECTIONS } from '../features/connect/sections.ts';
import { AddressRoute } from '../features/order/routes/address-route.tsx';
import { BasketRoute, CurrentProductsRoute } from '../features/order/routes/basket-route.tsx';
import { CheckRoute } from '../features/order/routes/check-route.tsx';
import { FinaliseRoute } from '../features/order/routes/finalise-route.tsx';
import { ProductRoute } from '../features/order/routes/product-route.tsx';
import { ProductsRoute } from '../features/order/routes/products-route.tsx';
import { OrderDetailRoute } from '../features/orders/routes/order-detail-route.tsx';
import { OrdersRoute } from '../features/orders/routes/orders-route.tsx';
import { RetailerSelectionRoute } from '../features/retailer/routes/retailer-selection-route.tsx';
import { paths } from '../lib/paths.ts';
import { RequireAuth, RequireRetailer, RequireSection, RequireStrongAuth } from './guards.tsx';
import { AppLayout } from './layouts/app-layout.tsx';
import { ConnectLayout } from './layouts/connect-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { AboutRoute } from './routes/about-route.tsx';
import { AppIndexRoute } from './routes/app-index-route.tsx';
import { ConnectHomeRoute } from './routes/connect-home-route.tsx';
import { HomeRoute } from './routes/home-route.tsx';
import { LandingRoute } from './routes/landing-route.tsx';
import { NotFoundRoute } from './routes/not-found-route.tsx';
import { QuestionnaireRoute } from './routes/questionnaire-route.tsx';
import { RouteError } from './routes/route-error.tsx';
import { SalesRoute } from './routes/sales-route.tsx';

/** The whole route table (SPEC 2). Paths mirror lib/paths.ts. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'about', element: <AboutRoute /> },
          { path: 'forgot-password', element: <ForgotPasswordRoute /> },
          { path: 'landing', element: <LandingRoute /> },
          { path: 'sso-callback', element: <SsoCallbackRoute /> },
          { path: 'mfa-activated', element: <MfaActivatedRoute /> },
          { path: 'confirm-email', element: <ConfirmEmailRoute /> },
          { path: '*', element: <NotFoundRoute homeTo={paths.home} /> },
        ],
      },
      {
        path: 'app',
        element: <AppLayout />,
        children: [
          { index: true, element: <AppIndexRoute /> },
          { path: 'my-account', element: <MyAccountRoute /> },
          { path: 'my-account/mfa', element: <MfaSetupRoute /> },
          {
            // Every other section: not while a step of the account is pending, and only with the
            // permissions that open it (issue 10 B, item 2; core's maySeeSection).
            element: <RequireSection />,
            children: [
              { path: 'retailer-selection', element: <RetailerSelectionRoute /> },
              {
                // order, questionnaire, orders and sales need a chosen retailer (unless disableRetailerLevel).
                element: <RequireRetailer selectionPath={paths.app.retailerSelection} />,
                children: [
                  {
                    path: 'order',
                    children: [
                      { index: true, element: <AddressRoute /> },
                      { path: 'location/:id', element: <ProductsRoute /> },
                      { path: 'check/:id', element: <CheckRoute /> },
                      { path: 'finalise/:id', element: <FinaliseRoute /> },
                      { path: 'product/:id/:productId', element: <ProductRoute /> },
                      { path: 'products', element: <CurrentProductsRoute /> },
                      { path: 'basket', element: <BasketRoute /> },
                    ],
                  },
                  { path: 'questionnaire', element: <QuestionnaireRoute /> },
                  { path: 'orders', element: <OrdersRoute /> },
                  { path: 'orders/:orderId', element: <OrderDetailRoute /> },
                ],
              },
              {
                // Sections that need the higher authentication standard (SPEC 6; ADR 006): checked before
                // the retailer, so a user who may not enter is not first asked to choose a retailer.
                element: <RequireStrongAuth deniedPath={paths.app.myAccount} />,
                children: [
                  {
                    element: <RequireRetailer selectionPath={paths.app.retailerSelection} />,
                    children: [{ path: 'sales', element: <SalesRoute /> }],
                  },
                  {
                    path: 'couponing',
                    children: [
                      { index: true, element: <FilterRoute /> },
                      { path: 'query', element: <QueryRoute /> },
                      { path: 'details', element: <DetailsRoute /> },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundRoute homeTo={paths.app.root} /> },
        ],
      },
      {
        path: 'connect',
        element: <ConnectLayout />,
        children: [
          { index: true, element: <ConnectHomeRoute /> },
          {
            // Connect's own My Account: the account feature's profile, read with the connect session.
            path: 'my-account',
            element: (
              <RequireAuth redirectTo={paths.connect.root}>
                <MyAccountRoute />
              </RequireAuth>
            ),
          },
          {
            path: 'my-account/mfa',
            element: (
              <RequireAuth redirectTo={paths.connect.root}>
                <MfaSetupRoute />
              </RequireAuth>
            ),
          },
          { path: 'sso-callback', element: <SsoCallbackRoute /> },
          { path: 'mfa-activated', element: <MfaActivatedRoute /> },
          ...CONNECT_SECTIONS.map(
            (section): RouteObject => ({
              path: section.route,
              element: (
                <RequireAuth redirectTo={paths.connect.root}>
                  <ConnectSectionRoute section={section} />
                </RequireAuth>
              ),
            }),
          ),
          { path: '*', element: <NotFoundRoute homeTo={paths.connect.root} /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
