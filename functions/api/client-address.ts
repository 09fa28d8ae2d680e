import { createHash, timingSafeEqual } from 'node:crypto';
import type { LambdaEvent } from 'hono/aws-lambda';
import type { ClientIpResolver } from './env.ts';

/**
 * The header CloudFront adds to every request it forwards to the API (infra/web.ts, ADR 023). Its value is
 * a per-stage secret the Lambda gets as ORIGIN_VERIFY_SECRET; CloudFront replaces a viewer's header of the
 * same name, so only a request that came through the distribution carries the right value. While the secret
 * is rotated the Lambda also accepts ORIGIN_VERIFY_SECRET_ROTATING, the other value (ADR 096).
 */
export const ORIGIN_VERIFY_HEADER = 'X-Origin-Verify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The caller's address behind CloudFront: CloudFront-Viewer-Address ("ip:port" or "[v6]:port") only when
 * the request proves it came through the distribution; otherwise (a direct call of the API's own endpoint)
 * the connection's source IP, so a direct caller cannot pick the address the IP allowlist and the sign-in
 * limit see.
 */
export function viewerAddressResolver(originSecrets: readonly string[]): ClientIpResolver {
  const expected = originSecrets.map(digest);
  return (c) => {
    const presented = c.req.header(ORIGIN_VERIFY_HEADER);
    const viewer = c.req.header('CloudFront-Viewer-Address');
    const proven = presented !== undefined && expected.some((e) => timingSafeEqual(digest(presented), e));
    if (viewer && proven) {
      return viewer.slice(0, viewer.lastIndexOf(':')).replace(/^\[(.*)\]$/, '$1');
    }
    const event = (c.env as { event?: LambdaEvent } | undefined)?.event;
    return event && 'requestContext' in event && 'http' in event.requestContext ? event.requestContext.http.sourceIp : undefined;
  };
}

/**
 * ORIGIN_VERIFY_SECRET and, during a rotation, ORIGIN_VERIFY_SECRET_ROTATING, read at cold start: a missing or
 * short value stops the Lambda, naming it.
 */
export function originSecretsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const secret = env.ORIGIN_VERIFY_SECRET;
  if (!secret || secret.length < 32) {
    throw new Error('ORIGIN_VERIFY_SECRET must be set to the stage origin secret (at least 32 characters)');
  }
  const rotating = env.ORIGIN_VERIFY_SECRET_ROTATING;
  if (rotating !== undefined && rotating.length < 32) {
    throw new Error('ORIGIN_VERIFY_SECRET_ROTATING, when set, must be the other origin secret (at least 32 characters)');
  }
  return rotating === undefined ? [secret] : [secret, rotating];
}
