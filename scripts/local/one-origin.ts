import type { Hono } from 'hono';

/**
 * The local portal answers on one origin, APP_URL (http://localhost:PORT unless set). A page opened
 * under another name of this machine (http://127.0.0.1:PORT) is redirected there first, so the
 * session, the Microsoft sign-in (its redirect URI is on APP_URL) and the links in mails all stay on the
 * origin the browser is on. Mounted after /api, so only page loads are moved.
 */
export function mountOneOrigin(root: Hono, appUrl: string) {
  const origin = new URL(appUrl);
  root.use('*', async (c, next) => {
    const host = c.req.header('host');
    if (!host || host === origin.host || !['GET', 'HEAD'].includes(c.req.method)) return next();
    const url = new URL(c.req.url);
    return c.redirect(new URL(`${url.pathname}${url.search}`, origin).href, 308);
  });
}
