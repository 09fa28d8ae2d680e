import type { Server } from 'node:http';
import * as sesLocal from 'aws-ses-v2-local';

type Start = (config: { host: string; port: number }) => Promise<Server>;

/**
 * Starts aws-ses-v2-local. It is CommonJS with an `exports.default`, which Node's ESM loader nests one
 * level deeper (`.default.default`) than bundlers do (`.default`): accept both.
 */
export function startSesLocal(config: { host: string; port: number }) {
  const mod = sesLocal as unknown as { default: Start | { default: Start } };
  const start = typeof mod.default === 'function' ? mod.default : mod.default.default;
  return start(config);
}

/** SES's answer to a send above the account's rate (awsQuery's error shape; the SDK names the error by its Code). */
const THROTTLED_XML =
  '<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>Throttling</Code>' +
  '<Message>Maximum sending rate exceeded.</Message></Error><RequestId>rate-limit</RequestId></ErrorResponse>';

/** The request's headers as the stand-in gets them: its own host and length are set anew. */
const forwardedHeaders = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      name === 'host' || name === 'content-length' || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
    ),
  );

export type SesRateLimit = {
  endpoint: string;
  /** When SES accepted each send (the clock's ms), per destination address. */
  accepted: Map<string, number[]>;
  throttled: () => number;
  stop: () => Promise<void>;
};

/**
 * The SES stand-in with SES's sending rate (ADR 094): in front of aws-ses-v2-local at `target`, a send
 * (SendEmail, SendRawEmail) beyond `perSecond` in one second of `nowMs` (a simulation's virtual clock) is
 * answered `Throttling: Maximum sending rate exceeded` as SES does; the others go on to the stand-in.
 */
export async function startSesRateLimit(options: { target: string; perSecond: number; nowMs: () => number }): Promise<SesRateLimit> {
  const { createServer } = await import('node:http');
  const perSecond = new Map<number, number>();
  const accepted = new Map<string, number[]>();
  let throttled = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const params = new URLSearchParams(body);
      const action = params.get('Action') ?? '';
      const isSend = action === 'SendRawEmail' || action === 'SendEmail';
      const second = Math.floor(options.nowMs() / 1000);
      if (isSend && (perSecond.get(second) ?? 0) >= options.perSecond) {
        throttled += 1;
        res.writeHead(400, { 'content-type': 'text/xml' }).end(THROTTLED_XML);
        return;
      }
      if (isSend) perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      fetch(`${options.target}${req.url ?? '/'}`, { method: req.method ?? 'POST', headers: forwardedHeaders(req.headers), body })
        .then(async (answer) => {
          const text = await answer.text();
          if (isSend && answer.ok) {
            const to = params.get('Destinations.member.1') ?? params.get('Destination.ToAddresses.member.1') ?? '';
            accepted.set(to, [...(accepted.get(to) ?? []), options.nowMs()]);
          }
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/xml' }).end(text);
        })
        .catch((error: unknown) => res.writeHead(502).end(String(error)));
    });
  });
  // A simulation's senders wait wall-clock minutes between sends while the runners work (ADR 094): Node's 5 s keep-alive
  // would close their idle sockets, and a send racing the close fails `ECONNRESET`, a mail ADR 025 does not retry.
  server.keepAliveTimeout = 30 * 60_000;
  server.headersTimeout = server.keepAliveTimeout + 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accepted,
    throttled: () => throttled,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
