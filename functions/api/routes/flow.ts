import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { reportJobRoutes } from './report-jobs.ts';
import { reportRoutes } from './reports.ts';
import { requestItemRoutes } from './request-items.ts';
import { requestRoutes } from './requests.ts';
import { workflowRoutes } from './workflows.ts';

/**
 * The connect portal's flow section under /flow (reports and their jobs, workflows, requests and their
 * items): one module, so the section's first request loads its routers together (lazyRoutes, ADR 126)
 * instead of one chunk per router. The deliveries' resend route stays with the report mails it shares a
 * module with (routes/report-deliveries.ts, mounted eagerly).
 */
export const flowRoutes = new Hono<AppEnv>()
  .route('/', reportRoutes)
  .route('/', reportJobRoutes)
  .route('/', workflowRoutes)
  .route('/', requestRoutes)
  .route('/', requestItemRoutes);
