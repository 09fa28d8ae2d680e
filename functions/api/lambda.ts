import { createBackend, loadConfig } from '@portal/backend';
import { handle, type LambdaEvent } from 'hono/aws-lambda';
import { createApp } from './app.ts';

// Built once per Lambda container; a bad configuration fails the cold start with the variable named.
const backend = createBackend(loadConfig());

/**
 * Behind CloudFront the HTTP API sees CloudFront's address; the viewer's is in CloudFront-Viewer-Address
 * ("ip:port", set by CloudFront, not by the client, because the API is reached only through CloudFront).
 */
const app = createApp(backend, (c) => {
  const viewer = c.req.header('CloudFront-Viewer-Address');
  if (viewer) return viewer.slice(0, viewer.lastIndexOf(':'));
  const event = (c.env as { event?: LambdaEvent } | undefined)?.event;
  return event && 'requestContext' in event && 'http' in event.requestContext
    ? event.requestContext.http.sourceIp
    : undefined;
});

export const handler = handle(app);
