import { createServer } from 'node:net';

/**
 * A free TCP port on loopback, so parallel runs (tests next to `npm start`) never collide. Drawn at random
 * below Linux's ephemeral range (32768–60999): a port the kernel hands out (`listen(0)`) is soon reused as
 * the local port of some outgoing connection, so between this check and the caller's own listen another
 * process could take it; below that range only another caller of this function could, 1 in ~22,000.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * 22_700);
    if (FETCH_BAD_PORTS.has(port)) continue;
    if (await canListen(port)) return port;
    if (attempt === 50) throw new Error('No free port found below 32768');
  }
}

/**
 * The Fetch standard's "bad ports" (fetch.spec.whatwg.org/#port-blocking) in the range above: Node's fetch and
 * Chromium refuse to connect to them ("bad port", ERR_UNSAFE_PORT), so a stand-in listening there is unreachable.
 */
const FETCH_BAD_PORTS = new Set([10_080]);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Resolves when something accepts HTTP on the URL (any status), or rejects after the timeout. */
export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms: ${error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
