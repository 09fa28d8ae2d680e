import type { Server } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { LOCAL_OIDC_CLIENT, localOidcIssuer } from './local-env.ts';

export { LOCAL_OIDC_CLIENT };

/**
 * The local stand-in for Microsoft Entra ID: a real OpenID Connect provider on loopback. Its built-in
 * development login screen takes any login name (and any password) as the subject; the demo identities
 * below also carry a name and e-mail, and the demo seed links them to demo accounts
 * (scripts/seed/demo/identityLinks.jsonl). Any other name is an identity nobody has linked.
 */
export const demoIdentities: Record<string, { email: string; name: string }> = {
  'entra-demo-retailer': { email: 'retailer@demo.example', name: 'Rita Retailer' },
  'entra-demo-connect': { email: 'connect@demo.example', name: 'Conrad Connect' },
};

/**
 * oidc-provider's built-in pages (the development sign-in and consent screens, errors) import a web font
 * from fonts.googleapis.com. Local mode sends nothing off the machine: the import is cut from every HTML
 * page (the font falls back to sans-serif) and a Content-Security-Policy forbids loading from elsewhere.
 */
async function keepPagesOffline(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  if (!ctx.response.is('html') || typeof ctx.body !== 'string') return;
  ctx.body = ctx.body.replace(/@import url\([^)]*\);?/g, '');
  ctx.set('Content-Security-Policy', "default-src 'self' 'unsafe-inline'; img-src 'self' data:");
}

export async function startLocalOidcProvider(options: { port: number; redirectUris: string[] }) {
  const issuer = localOidcIssuer({ oidc: options.port });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_OIDC_CLIENT.clientId,
        client_secret: LOCAL_OIDC_CLIENT.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    async findAccount(_ctx, sub) {
      return { accountId: sub, claims: async () => ({ sub, ...demoIdentities[sub] }) };
    },
    // Explicit lifetimes (seconds), which also keeps oidc-provider from printing a notice per flow.
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
  });
  provider.use(keepPagesOffline);
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(options.port, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
