/** The routes the phone benches open (web-signed-in.ts, route-files.ts), apart from the benches that run on import. */
export type Who = 'signed out' | 'connect' | 'ordering';
/** Every route a mail or a bookmark opens: the login pages, the connect sections and detail pages, the ordering portal's sections. */
export const BENCH_ROUTES: { path: string; who: Who }[] = [
  { path: '/', who: 'signed out' },
  { path: '/connect', who: 'signed out' },
  ...[
    '',
    '/transactions',
    '/reports',
    '/requests',
    '/sales',
    '/serial-numbers',
    '/imports',
    '/products',
    '/news',
    '/documents',
    '/company',
    // Detail pages a mail links to, with the demo data's fixed ids (scripts/seed/demo): a report's page and a
    // workflow's editor, each a route module of its own, preloaded with the shell in one round (ADR 097, 128).
    '/reports/cr-demo-daily-sales',
    '/requests/workflows/wf-store-onboarding',
  ].map((section) => ({ path: `/connect${section}`, who: 'connect' as const })),
  ...['/retailer-selection', '/orders', '/order', '/sales', '/my-account'].map((section) => ({
    path: `/app${section}`,
    who: 'ordering' as const,
  })),
];
