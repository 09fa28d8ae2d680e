import type { Backend } from '@portal/backend';
import { Hono } from 'hono';
import type { AppEnv, ClientIpResolver } from './env.ts';
import { handleError, handleNotFound } from './middleware/errors.ts';
import { requestLogging } from './middleware/logging.ts';
import { apiBodyLimit, apiSecureHeaders, noStoreByDefault, requirePortal, uriLimit, xssiPrefix } from './middleware/protocol.ts';
import { loadSession } from './middleware/session.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { mfaRoutes, otpRoutes } from './routes/mfa.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { brandRoutes } from './routes/brand.ts';
import { couponingStatusRoutes, serialNumberCheckRoutes } from './routes/couponing.ts';
import { replenishmentRoutes } from './routes/replenishment.ts';
import { salesRoutes } from './routes/sales.ts';
import { masterDataRoutes } from './routes/master-data.ts';
import { productRoutes } from './routes/products.ts';
import { connectSalesRoutes } from './routes/connect-sales.ts';
import { serialNumberRoutes } from './routes/serial-numbers.ts';
import { transactionRoutes } from './routes/transactions.ts';
import { exportRoutes } from './routes/exports.ts';
import { reportRoutes } from './routes/reports.ts';
import { reportJobRoutes } from './routes/report-jobs.ts';
import { reportDeliveryRoutes, reportMailRoutes } from './routes/report-deliveries.ts';
import { workflowRoutes } from './routes/workflows.ts';
import { requestRoutes } from './routes/requests.ts';
import { requestItemRoutes } from './routes/request-items.ts';
import { ssoRoutes } from './routes/sso.ts';
import { importRoutes } from './routes/imports.ts';
import { newsRoutes } from './routes/news.ts';
import { auditRoutes } from './routes/audit.ts';
import { productAllocationRoutes } from './routes/product-allocation.ts';
import { documentRoutes } from './routes/documents.ts';
import { companyRoutes } from './routes/company.ts';
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
    .route('/replenishment', replenishmentRoutes)
    .route('/sales', salesRoutes)
    .route('/master-data', masterDataRoutes)
    .route('/products', productRoutes)
    .route('/connect-sales', connectSalesRoutes)
    .route('/serial-numbers', serialNumberRoutes)
    .route('/transactions', transactionRoutes)
    .route('/exports', exportRoutes)
    .route('/imports', importRoutes)
    .route('/flow', reportRoutes)
    .route('/flow', reportJobRoutes)
    .route('/flow', reportDeliveryRoutes)
    .route('/', reportMailRoutes)
    .route('/flow', workflowRoutes)
    .route('/flow', requestRoutes)
    .route('/flow', requestItemRoutes)
    .route('/news', newsRoutes)
    .route('/audit', auditRoutes)
    .route('/documents', documentRoutes)
    .route('/company', companyRoutes)
    .route('/product-allocation', productAllocationRoutes)
    .route('/logo', logoRoutes)
    .route('/logos', logoFileRoutes)
    .route('/serial-number-check', serialNumberCheckRoutes)
    .route('/get-couponing-status', couponingStatusRoutes);
}

export type AppType = ReturnType<typeof createApp>;
