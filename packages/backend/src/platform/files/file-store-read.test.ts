import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from './file-store.ts';

/**
 * A whole-object read that stalls is tried again (READ_IDLE_MS): the endpoint here answers its first GET
 * with a Content-Length of 10 and 3 bytes, then nothing (or with nothing at all) — what s3rver answers when an
 * object is written again while it is read — and its second GET whole.
 */
const BYTES = Buffer.from('0123456789');
let server: Server;
let endpoint: string;
let gets = 0;
let stallEvery = true;
/** How the first GET stalls: after 3 of its 10 bytes, or before its head. */
let stall: 'body' | 'head' = 'body';

beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  server = createServer((req, res) => {
    if (req.method !== 'GET') return void res.writeHead(405).end();
    gets += 1;
    if (stall === 'head' && gets === 1) return;
    res.writeHead(200, { 'Content-Length': String(BYTES.length), 'Content-Type': 'application/octet-stream', ETag: '"e"' });
    if (stallEvery || gets === 1) res.write(BYTES.subarray(0, 3));
    else res.end(BYTES);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const store = () => createFileStore({ AWS_REGION: 'eu-central-1', S3_ENDPOINT: endpoint, bucket: 'b', readIdleMs: 150 });

describe('FileStore.read', () => {
  it('a read that stalls is tried once more and answers the whole object', async () => {
    gets = 0;
    stallEvery = false;
    expect(await store().read('k')).toEqual(BYTES);
    expect(gets).toBe(2);
  });

  it('a read whose head never comes is tried once more too', async () => {
    gets = 0;
    stallEvery = false;
    stall = 'head';
    expect(await store().read('k')).toEqual(BYTES);
    expect(gets).toBe(2);
    stall = 'body';
  });

  it('a read that stalls twice fails instead of hanging', async () => {
    gets = 0;
    stallEvery = true;
    await expect(store().read('k')).rejects.toThrow(/no byte for 150 ms/);
    expect(gets).toBe(2);
  });
});
