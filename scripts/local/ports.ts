import { createServer } from 'node:net';

/** A free TCP port on loopback, so parallel runs (tests next to `npm start`) never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
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
