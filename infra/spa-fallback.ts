/**
 * Which request paths are the web app's files and which are its client routes (served as index.html or, on a
 * signed-in section's address, as that section's page). One rule for CloudFront's viewer-request function
 * (infra/web.ts) and the local server (scripts/local/web-files.ts). A route's last segment may hold dots — a
 * general report's page is /connect/reports/gen.transactions.P-2001 — so "has a dot" is not "is a file": only
 * Vite's output folder and the file types a site serves are.
 */
export const STATIC_FILE = /^\/assets\/|\.(?:html|m?js|css|map|json|txt|xml|webmanifest|ico|png|svg|jpe?g|gif|webp|avif|woff2?)$/i;

export const isClientRoute = (path: string): boolean => !STATIC_FILE.test(path);

/**
 * The signed-in sections' own pages (ADR 131): index.html plus a modulepreload of every chunk the section's screen
 * needs before it renders (the portal's shell, the data layer, the screen's route module and its static imports,
 * its English catalogues), written by the web build (web/build/section-pages.ts) as `sections/<name>.html`. Key:
 * an address prefix — without a trailing slash it matches that address and every one below it, with one only the
 * addresses below; the longest matching key wins. Value: the route module (path in web/) the address renders.
 * The portals' roots are not here: /connect signed out is the connect login page, served from the entry alone
 * (ADR 127), whose budget has no room for the signed-in shell.
 */
export const SECTION_PAGES: Readonly<Record<string, string>> = {
  '/connect/serial-numbers': 'src/features/serials/routes/serial-numbers-route.tsx',
  '/connect/transactions': 'src/app/routes/connect-transactions-route.tsx',
  '/connect/imports': 'src/app/routes/connect-imports-route.tsx',
  '/connect/products': 'src/features/products/routes/products-route.tsx',
  '/connect/sales': 'src/app/routes/connect-sales-route.tsx',
  '/connect/reports': 'src/app/routes/connect-reports-route.tsx',
  '/connect/reports/': 'src/app/routes/connect-report-route.tsx',
  // The new report's form: its own module, without the report page's (ADR 154).
  '/connect/reports/new': 'src/features/reports/routes/new-report-route.tsx',
  '/connect/requests': 'src/app/routes/connect-requests-route.tsx',
  '/connect/requests/': 'src/features/requests/routes/request-route.tsx',
  '/connect/requests/workflows/': 'src/features/workflows/routes/workflow-editor-route.tsx',
  '/connect/news': 'src/features/news/routes/news-route.tsx',
  '/connect/news/': 'src/features/news/routes/news-item-route.tsx',
  '/connect/news/manage': 'src/features/news/routes/news-manage-route.tsx',
  // The editor (a new item, an item's edit): its own module, without the manage list's (ADR 151).
  '/connect/news/manage/': 'src/features/news/routes/news-editor-route.tsx',
  '/connect/documents': 'src/features/documents/routes/documents-route.tsx',
  '/connect/company': 'src/features/company/routes/company-route.tsx',
  '/connect/product-allocation': 'src/features/allocation/routes/allocation-route.tsx',
  '/connect/logo': 'src/features/logo/routes/logo-route.tsx',
  '/connect/team': 'src/features/team/routes/team-route.tsx',
  // A member's page and the MFA set-up: their own modules, without the list's or My Account's (ADR 148).
  '/connect/team/': 'src/features/team/routes/team-user-route.tsx',
  '/connect/audit-log': 'src/app/routes/audit-log-route.tsx',
  '/connect/my-account': 'src/features/account/routes/my-account-route.tsx',
  '/connect/my-account/mfa': 'src/features/account/routes/mfa-setup-route.tsx',
  '/app/retailer-selection': 'src/features/retailer/routes/retailer-selection-route.tsx',
  '/app/orders': 'src/features/orders/routes/orders-route.tsx',
  '/app/orders/': 'src/features/orders/routes/order-detail-route.tsx',
  '/app/order': 'src/features/order/routes/address-route.tsx',
  '/app/sales': 'src/app/routes/sales-route.tsx',
  '/app/questionnaire': 'src/app/routes/questionnaire-route.tsx',
  '/app/couponing': 'src/features/couponing/routes/filter-route.tsx',
  '/app/couponing/query': 'src/features/couponing/routes/query-route.tsx',
  '/app/couponing/details': 'src/features/couponing/routes/details-route.tsx',
  '/app/team': 'src/features/team/routes/team-route.tsx',
  '/app/team/': 'src/features/team/routes/team-user-route.tsx',
  '/app/audit-log': 'src/app/routes/audit-log-route.tsx',
  '/app/my-account': 'src/features/account/routes/my-account-route.tsx',
  '/app/my-account/mfa': 'src/features/account/routes/mfa-setup-route.tsx',
};

/** The file of a section's page: `/connect/reports` → `/sections/connect-reports.html`, `/connect/reports/` → `…-reports-item.html`. */
export const sectionPageFile = (prefix: string): string => `/sections/${prefix.slice(1).replace(/\/$/, '/item').replaceAll('/', '-')}.html`;

const PAGES: Record<string, string> = Object.fromEntries(Object.keys(SECTION_PAGES).map((prefix) => [prefix, sectionPageFile(prefix)]));

const matches = (path: string, prefix: string) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/** The document a client route is served as: its section's page (the longest matching prefix), else index.html. */
export function documentOf(path: string): string {
  const prefix = Object.keys(PAGES)
    .filter((key) => matches(path, key))
    .reduce((best, key) => (key.length > best.length ? key : best), '');
  return PAGES[prefix] ?? '/index.html';
}

/**
 * CloudFront Functions' JavaScript (ES 5.1 plus a little, 10 KB at most): the same rule and table, inlined.
 * tests/infra/stacks.test.ts runs it against documentOf for every prefix.
 */
export const SPA_FALLBACK_CODE = `var PAGES = ${JSON.stringify(PAGES)};
function pageOf(uri) {
  var best = '';
  for (var key in PAGES) {
    var below = key.charAt(key.length - 1) === '/' ? key : key + '/';
    if ((uri === key || uri.indexOf(below) === 0) && key.length > best.length) best = key;
  }
  return best ? PAGES[best] : '/index.html';
}
function handler(event) { var r = event.request; if (!${STATIC_FILE.toString()}.test(r.uri)) r.uri = pageOf(r.uri); return r; }`;
