import type { Hono } from 'hono';

/**
 * The local portal answers on one origin, APP_URL (http://localhost:PORT unless set). A page opened
 * under another name of this machine (http://127.0.0.1:PORT) is redirected there first, so the
 * session, the Microsoft sign-in (its redirect URI is on APP_URL) and the links in mails all stay on the
 * origin the browser is on. Mounted after /api, so only page loads are moved. A name under APP_URL's
 * (http://west.localhost:PORT) is served as it is: that is how a demo brand's host is opened locally
 * (its mails and the Microsoft sign-in still go to APP_URL).
 */
export function mountOneOrigin(root: Hono, appUrl: string) {
  const origin = new URL(appUrl);
  root.use('*', async (c, next) => {
    const host = c.req.header('host');
    // A brand's own name under it (west.localhost:PORT) stays: the brand of a host is how a portal looks (SPEC 3).
    const brandHost = host?.endsWith(`.${origin.host}`) ?? false;
    if (!host || host === origin.host || brandHost || !['GET', 'HEAD'].includes(c.req.method)) return next();
    const url = new URL(c.req.url);
    return c.redirect(new URL(`${url.pathname}${url.search}`, origin).href, 308);
  });
}
