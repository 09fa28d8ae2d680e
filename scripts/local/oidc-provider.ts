import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/**
 * The local stand-in for Microsoft Entra ID: a real OpenID Connect provider on loopback, with the demo
 * identities below. Its built-in development login screen accepts any of these subjects.
 */
export const LOCAL_OIDC_CLIENT = { clientId: 'portal-local', clientSecret: 'local-only-oidc-secret' };

const demoIdentities: Record<string, { email: string; name: string }> = {
  'entra-demo-retailer': { email: 'retailer@demo.example', name: 'Rita Retailer' },
  'entra-demo-connect': { email: 'connect@demo.example', name: 'Conrad Connect' },
};

export async function startLocalOidcProvider(options: { port: number; redirectUris: string[] }) {
  const issuer = `http://localhost:${options.port}`;
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
      const identity = demoIdentities[sub];
      if (!identity) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...identity }) };
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(options.port, () => resolve(s));
  });
  return {
    issuer,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
