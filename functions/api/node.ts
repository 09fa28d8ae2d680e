import { type ServerType, serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Backend } from '@portal/backend';
import { Hono } from 'hono';
import { createApp } from './app.ts';

/**
 * Serves the same API app on a Node HTTP server (local mode, benchmarks, e2e). `extend` lets the local
 * runtime add what only exists locally (web files, the mailbox page) around the API.
 */
export function startNodeServer(options: {
  backend: Backend;
  port: number;
  hostname?: string;
  extend?: (root: Hono) => void;
}): Promise<{ server: ServerType; port: number; close: () => Promise<void> }> {
  const api = createApp(options.backend, (c) => getConnInfo(c).remote.address);
  const root = new Hono();
  // Delegate whole requests so the API's own not-found and error handling apply to every /api path.
  root.all('/api/*', (c) => api.fetch(c.req.raw, c.env));
  options.extend?.(root);
  return new Promise((resolve) => {
    const server = serve({ fetch: root.fetch, port: options.port, hostname: options.hostname ?? '127.0.0.1' }, (info) =>
      resolve({
        server,
        port: info.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}
