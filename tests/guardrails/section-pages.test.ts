import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentOf, SECTION_PAGES, sectionPageFile, SPA_FALLBACK_CODE } from '../../infra/spa-fallback.ts';
import { afterRetailerModules, routeCatalogues } from '../../web/build/section-pages.ts';
import { paths } from '../../web/src/lib/paths.ts';

// The signed-in sections' own pages (ADR 131): which address is served as which page, one rule for CloudFront and
// the local server (infra/spa-fallback.ts), and a table that follows the route tables. The pages' contents are
// checked against a build in tests/e2e/section-pages.test.ts.
const webRoot = resolve(import.meta.dirname, '../../web');
/** The connect sections' addresses, read from their table's source (its module needs the DOM's types, not this program's). */
const connectSectionPaths = [
  ...readFileSync(resolve(webRoot, 'src/features/connect/sections.ts'), 'utf8').matchAll(/path: c\.(\w+),/g),
].map((m) => Object.entries(paths.connect).find(([key]) => key === m[1])?.[1]);

describe('section pages (infra/spa-fallback.ts)', () => {
  it('gives every connect section and the ordering sections a page, each named by its address', () => {
    const prefixes = Object.keys(SECTION_PAGES);
    expect(connectSectionPaths.length).toBeGreaterThanOrEqual(12);
    for (const path of connectSectionPaths) expect(prefixes, String(path)).toContain(path);
    const app = paths.app;
    for (const path of [
      app.retailerSelection,
      app.orders,
      app.order.address,
      app.sales,
      app.questionnaire,
      app.couponing.serials,
      app.myAccount,
    ])
      expect(prefixes, path).toContain(path);
    expect(new Set(prefixes.map(sectionPageFile)).size).toBe(prefixes.length);
  });

  it('names only route modules a route table loads with lazyRoute (the build reads their catalogues there)', () => {
    const loaded = routeCatalogues(webRoot);
    for (const [prefix, module] of Object.entries(SECTION_PAGES)) expect(loaded.has(module), `${prefix}: ${module}`).toBe(true);
    expect(loaded.get('src/app/routes/connect-transactions-route.tsx')).toEqual(['transactions', 'exports']);
    expect(loaded.get('src/features/order/routes/address-route.tsx')).toEqual(['order', 'retailer']);
    expect(loaded.get('src/app/layouts/connect-layout.tsx')).toEqual(['shell', 'connect']);
  });

  it('leaves the screens behind the retailer choice out of their pages (the guard downloads them, ADR 140)', () => {
    const gated = afterRetailerModules(webRoot);
    for (const prefix of ['/app/orders', '/app/orders/', '/app/order', '/app/sales', '/app/questionnaire'])
      expect(gated.has(SECTION_PAGES[prefix] ?? ''), prefix).toBe(true);
    for (const prefix of ['/app/retailer-selection', '/app/my-account', '/app/couponing', '/connect/transactions'])
      expect(gated.has(SECTION_PAGES[prefix] ?? ''), prefix).toBe(false);
  });

  it('serves an address as its section page, the longest prefix first; anything else as index.html', () => {
    const cases: Record<string, string> = {
      '/connect/transactions': '/sections/connect-transactions.html',
      '/connect/transactions/': '/sections/connect-transactions.html',
      '/connect/reports': '/sections/connect-reports.html',
      // A general report's page: dots in its last segment, still a route.
      '/connect/reports/gen.transactions.P-2001': '/sections/connect-reports-item.html',
      '/connect/reports/new': '/sections/connect-reports-new.html',
      '/connect/requests/R-1': '/sections/connect-requests-item.html',
      '/connect/requests/workflows/wf-store-onboarding': '/sections/connect-requests-workflows-item.html',
      // The news editor's own page (ADR 151), not the manage list's.
      '/connect/news/manage': '/sections/connect-news-manage.html',
      '/connect/news/manage/new': '/sections/connect-news-manage-item.html',
      '/connect/news/manage/news-1': '/sections/connect-news-manage-item.html',
      '/connect/imports/file-1': '/sections/connect-imports.html',
      '/app/orders/O-1': '/sections/app-orders-item.html',
      '/app/retailer-selection': '/sections/app-retailer-selection.html',
      // The login pages and the portals' roots, an unknown address, a look-alike: index.html.
      '/': '/index.html',
      '/connect': '/index.html',
      '/app': '/index.html',
      '/connect/transactionsx': '/index.html',
      '/connect/unknown': '/index.html',
      '/about': '/index.html',
    };
    for (const [path, page] of Object.entries(cases)) expect(documentOf(path), path).toBe(page);
  });

  it("keeps CloudFront's function within its 10 KB of code", () => {
    expect(SPA_FALLBACK_CODE.length).toBeLessThan(10_240);
  });
});
