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
      lazyRoutes(() => import('./routes/team.ts'), 'teamRoutes'),
    )
    .route(
      '/replenishment',
      lazyRoutes(() => import('./routes/replenishment.ts'), 'replenishmentRoutes'),
    )
    .route(
      '/sales',
      lazyRoutes(() => import('./routes/sales.ts'), 'salesRoutes'),
    )
    .route(
      '/master-data',
      lazyRoutes(() => import('./routes/master-data.ts'), 'masterDataRoutes'),
    )
    .route(
      '/products',
      lazyRoutes(() => import('./routes/products.ts'), 'productRoutes'),
    )
    .route(
      '/connect-sales',
      lazyRoutes(() => import('./routes/connect-sales.ts'), 'connectSalesRoutes'),
    )
    .route(
      '/serial-numbers',
      lazyRoutes(() => import('./routes/serial-numbers.ts'), 'serialNumberRoutes'),
    )
    .route(
      '/transactions',
      lazyRoutes(() => import('./routes/transactions.ts'), 'transactionRoutes'),
    )
    .route(
      '/exports',
      lazyRoutes(() => import('./routes/exports.ts'), 'exportRoutes'),
    )
    .route(
      '/imports',
      lazyRoutes(() => import('./routes/imports.ts'), 'importRoutes'),
    )
    .route(
      '/flow',
      lazyRoutes(() => import('./routes/flow.ts'), 'flowRoutes'),
    )
    .route('/flow', reportDeliveryRoutes)
    .route('/', reportMailRoutes)
    .route(
      '/news',
      lazyRoutes(() => import('./routes/news.ts'), 'newsRoutes'),
    )
    .route(
      '/audit',
      lazyRoutes(() => import('./routes/audit.ts'), 'auditRoutes'),
    )
    .route(
      '/documents',
      lazyRoutes(() => import('./routes/documents.ts'), 'documentRoutes'),
    )
    .route(
      '/company',
      lazyRoutes(() => import('./routes/company.ts'), 'companyRoutes'),
    )
    .route(
      '/product-allocation',
      lazyRoutes(() => import('./routes/product-allocation.ts'), 'productAllocationRoutes'),
    )
    .route('/logo', logoRoutes)
    .route('/logos', logoFileRoutes)
    .route(
      '/serial-number-check',
      lazyRoutes(() => import('./routes/couponing.ts'), 'serialNumberCheckRoutes'),
    )
    .route(
      '/get-couponing-status',
      lazyRoutes(() => import('./routes/couponing.ts'), 'couponingStatusRoutes'),
    );
}

export type AppType = ReturnType<typeof createApp>;
