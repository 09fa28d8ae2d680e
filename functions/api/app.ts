import type { Backend } from '@portal/backend';
import { Hono } from 'hono';
import type { AppEnv, ClientIpResolver } from './env.ts';
import { handleError, handleNotFound } from './middleware/errors.ts';
import { requestLogging } from './middleware/logging.ts';
import { apiBodyLimit, apiSecureHeaders, noStoreByDefault, requirePortal, uriLimit, xssiPrefix } from './middleware/protocol.ts';
import { lazyRoutes } from './middleware/lazy-routes.ts';
import { loadSession } from './middleware/session.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { mfaRoutes, otpRoutes } from './routes/mfa.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { brandRoutes } from './routes/brand.ts';
import { reportDeliveryRoutes, reportMailRoutes } from './routes/report-deliveries.ts';
import { ssoRoutes } from './routes/sso.ts';
import { logoFileRoutes, logoRoutes } from './routes/logo.ts';
import { termsRoutes } from './routes/terms.ts';

/**
 * The API under /api. lambda.ts and node.ts wrap this same app; only the client-address lookup differs.
 * Middleware order matters: logging sees the final status, the prefix applies to error bodies too.
 */
export function createApp(backend: Backend, clientIp: ClientIpResolver) {
  const app = new Hono<AppEnv>().basePath('/api');
  app.use(requestLogging, apiSecureHeaders, noStoreByDefault, xssiPrefix, uriLimit, apiBodyLimit, requirePortal, async (c, next) => {
    c.set('backend', backend);
    await next();
  });
  app.use(loadSession(clientIp));
  app.onError(handleError);
  app.notFound(handleNotFound);
  return app
    .route('/auth/sso', ssoRoutes)
    .route('/auth/passkeys', passkeyRoutes)
    .route('/auth', authRoutes)
    .route('/auth', mfaRoutes)
    .route('/send-otp-code', otpRoutes)
    .route('/brand', brandRoutes)
    .route('/terms', termsRoutes)
    .route('/account', accountRoutes)
    .route(
      '/team',
      lazyRoutes(() => import('./routes/team.ts').then((m) => m.teamRoutes)),
    )
    .route(
      '/replenishment',
      lazyRoutes(() => import('./routes/replenishment.ts').then((m) => m.replenishmentRoutes)),
    )
    .route(
      '/sales',
      lazyRoutes(() => import('./routes/sales.ts').then((m) => m.salesRoutes)),
    )
    .route(
      '/master-data',
      lazyRoutes(() => import('./routes/master-data.ts').then((m) => m.masterDataRoutes)),
    )
    .route(
      '/products',
      lazyRoutes(() => import('./routes/products.ts').then((m) => m.productRoutes)),
    )
    .route(
      '/connect-sales',
      lazyRoutes(() => import('./routes/connect-sales.ts').then((m) => m.connectSalesRoutes)),
    )
    .route(
      '/serial-numbers',
      lazyRoutes(() => import('./routes/serial-numbers.ts').then((m) => m.serialNumberRoutes)),
    )
    .route(
      '/transactions',
      lazyRoutes(() => import('./routes/transactions.ts').then((m) => m.transactionRoutes)),
    )
    .route(
      '/exports',
      lazyRoutes(() => import('./routes/exports.ts').then((m) => m.exportRoutes)),
    )
    .route(
      '/imports',
      lazyRoutes(() => import('./routes/imports.ts').then((m) => m.importRoutes)),
    )
    .route(
      '/flow',
      lazyRoutes(() => import('./routes/flow.ts').then((m) => m.flowRoutes)),
    )
    .route('/flow', reportDeliveryRoutes)
    .route('/', reportMailRoutes)
    .route(
      '/news',
      lazyRoutes(() => import('./routes/news.ts').then((m) => m.newsRoutes)),
    )
    .route(
      '/audit',
      lazyRoutes(() => import('./routes/audit.ts').then((m) => m.auditRoutes)),
    )
    .route(
      '/documents',
      lazyRoutes(() => import('./routes/documents.ts').then((m) => m.documentRoutes)),
    )
    .route(
      '/company',
      lazyRoutes(() => import('./routes/company.ts').then((m) => m.companyRoutes)),
    )
    .route(
      '/product-allocation',
      lazyRoutes(() => import('./routes/product-allocation.ts').then((m) => m.productAllocationRoutes)),
    )
    .route('/logo', logoRoutes)
    .route('/logos', logoFileRoutes)
    .route(
      '/serial-number-check',
      lazyRoutes(() => import('./routes/couponing.ts').then((m) => m.serialNumberCheckRoutes)),
    )
    .route(
      '/get-couponing-status',
      lazyRoutes(() => import('./routes/couponing.ts').then((m) => m.couponingStatusRoutes)),
    );
}

export type AppType = ReturnType<typeof createApp>;
