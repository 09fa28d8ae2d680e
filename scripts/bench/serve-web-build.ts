/**
 * `npx tsx scripts/bench/serve-web-build.ts --dist <a web build's dist> --port 4000 [--api http://localhost:3000]`:
 * serves one web build the way the local runtime does (scripts/local/web-files.ts: the same headers, the
 * same precompressed assets) and passes /api/* on to a running portal (`npm start`). Two builds (this
 * checkout's and main's, built in another worktree with `npm run build -w web`) then run side by side
 * against one backend and one set of data: `web-signed-in.ts --base-url http://localhost:4000`. The
 * session cookie is the host's, so one sign-in serves both ports. Loopback only; Ctrl-C stops it.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { proxy } from 'hono/proxy';
import { mountWebFiles } from '../local/web-files.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    port: { type: 'string', default: '4000' },
    api: { type: 'string', default: 'http://localhost:3000' },
  },
});
const dist = args.dist;
if (!dist) throw new Error('--dist <directory of a web build> is required');
if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(args.api)) throw new Error(`--api: loopback only, not ${args.api}`);

const api = args.api;
const root = new Hono();
root.all('/api/*', (c) => proxy(`${api}${c.req.path}${new URL(c.req.url).search}`, { raw: c.req.raw, headers: { ...c.req.header() } }));
mountWebFiles(root, resolve(dist));
serve({ fetch: root.fetch, port: Number(args.port), hostname: '127.0.0.1' }, (info) =>
  console.log(`${resolve(dist)} at http://localhost:${info.port}, /api/* from ${api}`),
);
