import type { BrandSettings, Portal } from '@portal/core/shared';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { portals } from '../middleware/portals.ts';
import { routePolicy } from '../middleware/policy.ts';

/**
 * The web app manifest of a brand's portal (ADR 091): installed, the app bears the brand's name and opens
 * that portal's login. One web app serves every host, so the manifest is the API's, per host; the icons
 * are the web build's (web/public/icons). The colours are index.html's theme colour and the page background.
 */
export function webAppManifest(brand: Pick<BrandSettings, 'name'>, portal: Portal) {
  const name = portal === 'connect' ? `${brand.name} connect` : brand.name;
  return {
    name,
    short_name: name,
    id: portal === 'connect' ? '/connect' : '/',
    start_url: portal === 'connect' ? '/connect' : '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f8fafc',
    theme_color: '#0f172a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Brand settings for the host the portal is served from (SPEC 3). Public: the login page needs them. */
export const brandRoutes = new Hono<AppEnv>()
  .use(portals('ordering', 'connect'))
  .get('/', routePolicy('ordering', 'connect')({ auth: 'anonymous', scope: 'none' }), async (c) =>
    c.json(await c.get('backend').brands.forHost(c.req.header('Host'))),
  )
  // The browser fetches it without the portal header: the path names the portal (protocol.ts). Not JSON by
  // type, so no XSSI prefix; the browser reads it again when the app starts, so it may be cached briefly.
  .get('/manifest/:portal{ordering|connect}', routePolicy('ordering', 'connect')({ auth: 'anonymous', scope: 'none' }), async (c) => {
    const brand = await c.get('backend').brands.forHost(c.req.header('Host'));
    const portal: Portal = c.req.param('portal') === 'connect' ? 'connect' : 'ordering';
    return c.body(JSON.stringify(webAppManifest(brand, portal)), 200, {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    });
  });
