import { createBackend, loadConfig } from '@portal/backend';
import { handle } from 'hono/aws-lambda';
import { createApp } from './app.ts';
import { originSecretsFromEnv, viewerAddressResolver } from './client-address.ts';

// Built once per Lambda container; a bad configuration fails the cold start with the variable named.
const backend = createBackend(loadConfig());

/**
 * Behind CloudFront the HTTP API sees CloudFront's address; the viewer's is in CloudFront-Viewer-Address,
 * trusted only on requests carrying the stage's origin secret, i.e. those CloudFront forwarded (ADR 023).
 */
const app = createApp(backend, viewerAddressResolver(originSecretsFromEnv()));

export const handler = handle(app);
