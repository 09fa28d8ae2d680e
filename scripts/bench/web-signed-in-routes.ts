/** The routes the phone benches open (web-signed-in.ts, route-files.ts), apart from the benches that run on import. */
export type Who = 'signed out' | 'connect' | 'ordering';
/** Every route a mail or a bookmark opens: the login pages, the connect sections, the ordering portal's sections. */
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
  ].map((section) => ({ path: `/connect${section}`, who: 'connect' as const })),
  ...['/retailer-selection', '/orders', '/order', '/sales', '/my-account'].map((section) => ({
    path: `/app${section}`,
    who: 'ordering' as const,
  })),
];
