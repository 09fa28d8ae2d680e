/**
 * Which request paths are the web app's files and which are its client routes (served as index.html).
 * One rule for CloudFront's viewer-request function (infra/web.ts) and the local server (scripts/local/
 * web-files.ts). A route's last segment may hold dots — a general report's page is
 * /connect/reports/gen.transactions.P-2001 — so "has a dot" is not "is a file": only Vite's output folder
 * and the file types a site serves are.
 */
export const STATIC_FILE = /^\/assets\/|\.(?:html|m?js|css|map|json|txt|xml|webmanifest|ico|png|svg|jpe?g|gif|webp|avif|woff2?)$/i;

export const isClientRoute = (path: string): boolean => !STATIC_FILE.test(path);

/** CloudFront Functions' JavaScript (ES 5.1 plus a little): the same rule, inlined. */
export const SPA_FALLBACK_CODE = `function handler(event) { var r = event.request; if (!${STATIC_FILE.toString()}.test(r.uri)) r.uri = "/index.html"; return r; }`;
