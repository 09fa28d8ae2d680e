import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { XSSI_PREFIX } from '@portal/core/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend } from '../../tests/support/test-backend.ts';
import { ORIGIN_VERIFY_HEADER, originSecretsFromEnv } from './client-address.ts';

const ORIGIN_SECRET = 'origin-secret-of-the-test-stage-0123456789';
/** The other value a rotation brings (ADR 096): CloudFront sends either while it runs. */
const ROTATING_SECRET = 'next-origin-secret-of-the-test-stage-98765';

/** The Lambda entry point wraps the same app: an HTTP API (payload v2) event in, the same answers out. */
let handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode: number; body: string; cookies?: string[] }>;

const event = (method: string, path: string, headers: Record<string, string>, body?: string): APIGatewayProxyEventV2 => ({
  version: '2.0',
  routeKey: 'ANY /api/{proxy+}',
  rawPath: path,
  rawQueryString: '',
  headers: { host: 'portal.example.com', ...headers },
  requestContext: {
    accountId: '123456789012',
    apiId: 'api',
    domainName: 'portal.example.com',
    domainPrefix: 'portal',
    http: { method, path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.1', userAgent: 'test' },
    requestId: 'req',
    routeKey: 'ANY /api/{proxy+}',
    stage: '$default',
    time: '21/Nov/2026:10:00:00 +0000',
    timeEpoch: 0,
  },
  body,
  isBase64Encoded: false,
});

beforeAll(async () => {
  const backend = await createTestBackend();
  await backend.imports.importRecords('accounts', [
    { line: 1, data: { username: 'lambda.user', password: 'Lambda-User-2026!', email: 'l@example.com' } },
  ]);
  Object.assign(process.env, {
    STAGE: 'test',
    TABLE_NAME: backend.config.TABLE_NAME,
    FILES_BUCKET: 'files',
    REPORTS_BUCKET: 'reports',
    MAIL_FROM: 'portal@example.com',
    APP_URL: 'https://portal.example.com',
    ORIGIN_VERIFY_SECRET: ORIGIN_SECRET,
    ORIGIN_VERIFY_SECRET_ROTATING: ROTATING_SECRET,
    // The stage key the API gets from infra (Jobs' generated secret): it seals the session tokens (ADR 052).
    REPORT_LINK_KEY: 'lambda-test-stage-key-0123456789abcdef0123',
  });
  ({ handler } = (await import('./lambda.ts')) as unknown as { handler: typeof handler });
});

describe('Lambda handler', () => {
  it('answers with the prefixed JSON and the same protocol rules', async () => {
    const ok = await handler(event('GET', '/api/auth/status', { 'x-portal': 'ordering' }), {} as Context);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.startsWith(XSSI_PREFIX)).toBe(true);
    const missing = await handler(event('GET', '/api/auth/status', {}), {} as Context);
    expect(missing.statusCode).toBe(400);
  });

  /** Signs in with `headers`, then once more, and answers the address 'Last login' shows for the first. */
  const recordedAddress = async (headers: Record<string, string>) => {
    const signIn = (extra: Record<string, string>) =>
      handler(
        event(
          'POST',
          '/api/auth/signin',
          { 'x-portal': 'ordering', 'content-type': 'application/json', ...extra },
          JSON.stringify({ username: 'lambda.user', password: 'Lambda-User-2026!' }),
        ),
        {} as Context,
      );
    expect((await signIn(headers)).statusCode).toBe(200);
    // 'Last login' shows the sign-in before the current one: sign in once more and look at the first.
    const second = await signIn({});
    const cookie = second.cookies?.[0]?.split(';')[0] ?? '';
    const status = await handler(event('GET', '/api/auth/status', { 'x-portal': 'ordering', cookie }), {} as Context);
    return JSON.parse(status.body.slice(XSSI_PREFIX.length)).lastLogin.ip as string;
  };

  it('records the viewer address CloudFront passes on, not CloudFront own address', async () => {
    const ip = await recordedAddress({
      'cloudfront-viewer-address': '203.0.113.9:51234',
      [ORIGIN_VERIFY_HEADER.toLowerCase()]: ORIGIN_SECRET,
    });
    expect(ip).toBe('203.0.113.9');
    const v6 = await recordedAddress({
      'cloudfront-viewer-address': '2001:db8::7:443',
      [ORIGIN_VERIFY_HEADER]: ORIGIN_SECRET,
    });
    expect(v6).toBe('2001:db8::7');
  });

  it('accepts the rotating origin secret as well while a rotation runs (ADR 096)', async () => {
    expect(await recordedAddress({ 'cloudfront-viewer-address': '203.0.113.10:1', [ORIGIN_VERIFY_HEADER]: ROTATING_SECRET })).toBe(
      '203.0.113.10',
    );
  });

  it('ignores a viewer address on a request without the origin secret: a direct caller gets its source IP', async () => {
    // The execute-api endpoint called directly (or through another distribution): no or a wrong secret.
    expect(await recordedAddress({ 'cloudfront-viewer-address': '203.0.113.50:1' })).toBe('198.51.100.1');
    for (const wrong of ['', 'guess', `${ORIGIN_SECRET}x`, ORIGIN_SECRET.slice(0, -1)]) {
      expect(await recordedAddress({ 'cloudfront-viewer-address': '203.0.113.50:1', [ORIGIN_VERIFY_HEADER]: wrong })).toBe('198.51.100.1');
    }
  });

  it('refuses to start without a usable origin secret', () => {
    expect(() => originSecretsFromEnv({})).toThrow(/ORIGIN_VERIFY_SECRET/);
    expect(() => originSecretsFromEnv({ ORIGIN_VERIFY_SECRET: 'short' })).toThrow(/ORIGIN_VERIFY_SECRET/);
    expect(() => originSecretsFromEnv({ ORIGIN_VERIFY_SECRET: ORIGIN_SECRET, ORIGIN_VERIFY_SECRET_ROTATING: 'short' })).toThrow(
      /ORIGIN_VERIFY_SECRET_ROTATING/,
    );
    expect(originSecretsFromEnv({ ORIGIN_VERIFY_SECRET: ORIGIN_SECRET })).toEqual([ORIGIN_SECRET]);
    expect(originSecretsFromEnv({ ORIGIN_VERIFY_SECRET: ORIGIN_SECRET, ORIGIN_VERIFY_SECRET_ROTATING: ROTATING_SECRET })).toEqual([
      ORIGIN_SECRET,
      ROTATING_SECRET,
    ]);
  });
});
