import { randomBytes, timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createServer, request as forwardRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import S3rver from 's3rver';
import { signPostPolicy } from '../post-policy.ts';

/**
 * The local S3 (ADR 050): s3rver on a private loopback port, behind a front on the public one that refuses
 * what S3 refuses, so that what passes locally would pass on AWS. s3rver itself checks no SigV4 signature
 * and none of a POST policy's conditions (ADR 045), and serves any key to an unsigned GET.
 *
 * - A browser POST upload (multipart form to the bucket) must carry a policy signed with a known key
 *   (SigV4, recomputed with post-policy.ts's signer), not expired, whose conditions hold for every form
 *   field (exact, `starts-with`, `bucket`) and whose `content-length-range` holds for the file; a field the
 *   policy does not name is refused, as S3 refuses it.
 * - Every other request but a CORS preflight must be signed: an `Authorization: AWS4-HMAC-SHA256` header
 *   (the SDK's calls) or a presigned query (`X-Amz-Signature`, within `X-Amz-Expires`). The signature is
 *   recomputed with the SDK's own S3 signer from the signed headers, the path and the query as received.
 * - A refusal answers S3's XML error (AccessDenied, SignatureDoesNotMatch, EntityTooLarge, ...) with S3's status.
 *
 * Not checked (S3 would): the payload hash against the body, ACLs and bucket policies (none are used).
 */
export type LocalS3 = { endpoint: string; port: number; close: () => Promise<void> };

/** The one key pair s3rver knows (its default account): the only credentials the local S3 accepts. */
export const LOCAL_S3_KEYS: Record<string, string> = { S3RVER: 'S3RVER' };

/** Larger form bodies are refused before they are parsed (S3's own limit is 5 GB; nothing here posts more than ~10 MB). */
const MAX_FORM_BYTES = 64 * 1024 * 1024;
/** S3 refuses a header-signed request whose time is further than this from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const accessDenied = (message = 'Access Denied') => new S3Refusal(403, 'AccessDenied', message);
const signatureMismatch = () =>
  new S3Refusal(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );
const policyFailed = (condition: unknown) =>
  accessDenied(`Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** `20261128T101500Z` → a Date (NaN when malformed). */
const amzDate = (value: string | undefined) => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : new Date(NaN);
};

/** A raw query string as the signer takes it: names to values (arrays when repeated), percent-decoded once. */
function parseQuery(raw: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const part of raw.split('&').filter(Boolean)) {
    const at = part.indexOf('=');
    const [name, value] = (at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)]).map((s) => decodeURIComponent(s)) as [
      string,
      string,
    ];
    const held = query[name];
    query[name] = held === undefined ? value : [...(Array.isArray(held) ? held : [held]), value];
  }
  return query;
}

type Signers = {
  sign: (
    request: SignableRequest,
    options: { signingDate: Date; signingRegion: string; signingService: string },
  ) => Promise<{ headers: Record<string, string> }>;
  presigner: S3RequestPresigner;
};
type SignableRequest = {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
};

/** The SDK's own S3 signers for one key pair (the same code that signs the application's requests). */
function signersFor(accessKeyId: string, secretAccessKey: string, region: string): Signers {
  const client = new S3Client({ region, credentials: { accessKeyId, secretAccessKey } });
  return {
    sign: async (request, options) => {
      const signer = await client.config.signer();
      return (await signer.sign(request as Parameters<typeof signer.sign>[0], options)) as { headers: Record<string, string> };
    },
    presigner: new S3RequestPresigner({ ...client.config, signingName: 's3' }),
  };
}

/** A request signed with SigV4, in the Authorization header or as a presigned query; refused unless the signature is ours. */
async function verifySigned(
  req: IncomingMessage,
  keys: Record<string, string>,
  signers: (id: string, region: string) => Signers,
  now: Date,
): Promise<void> {
  const url = req.url ?? '/';
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const query = parseQuery(at < 0 ? '' : url.slice(at + 1));
  const auth = req.headers.authorization;
  const presigned = 'X-Amz-Signature' in query || 'X-Amz-Algorithm' in query;
  if (auth && presigned)
    throw new S3Refusal(
      400,
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
    );
  if (!auth && !presigned) throw accessDenied();

  const one = (name: string) => {
    const value = query[name];
    return Array.isArray(value) ? value[0] : value;
  };
  let credential: string;
  let signedHeaders: string;
  let signature: string;
  let signingDate: Date;
  if (auth) {
    const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m)
      throw new S3Refusal(
        400,
        'AuthorizationHeaderMalformed',
        'The authorization header is malformed (only AWS4-HMAC-SHA256 is accepted).',
      );
    [, credential = '', signedHeaders = '', signature = ''] = m;
    signingDate = amzDate(req.headers['x-amz-date'] as string | undefined);
    if (Number.isNaN(signingDate.getTime())) throw accessDenied('AWS authentication requires a valid Date or x-amz-date header');
    if (Math.abs(now.getTime() - signingDate.getTime()) > MAX_SKEW_MS)
      throw new S3Refusal(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    if (!req.headers['x-amz-content-sha256'])
      throw new S3Refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  } else {
    if (one('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
      throw new S3Refusal(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
    credential = one('X-Amz-Credential') ?? '';
    signedHeaders = one('X-Amz-SignedHeaders') ?? '';
    signature = one('X-Amz-Signature') ?? '';
    signingDate = amzDate(one('X-Amz-Date'));
    const expires = Number(one('X-Amz-Expires'));
    if (
      !credential ||
      !signedHeaders ||
      !signature ||
      Number.isNaN(signingDate.getTime()) ||
      !Number.isInteger(expires) ||
      expires < 1 ||
      expires > 604_800
    ) {
      throw new S3Refusal(
        400,
        'AuthorizationQueryParametersError',
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
      );
    }
    if (now.getTime() > signingDate.getTime() + expires * 1000) throw accessDenied('Request has expired');
  }
  const [accessKeyId = '', , region = '', service = ''] = credential.split('/');
  const secret = keys[accessKeyId];
  if (secret === undefined)
    throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (service !== 's3') throw signatureMismatch();

  // Exactly the headers the caller signed, as received (repeated headers joined as HTTP joins them).
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    const value = req.headers[name];
    if (value === undefined) throw signatureMismatch();
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const [hostname = '', port] = (req.headers.host ?? '').split(':');
  const request: SignableRequest = {
    method: req.method ?? 'GET',
    protocol: 'http:',
    hostname,
    ...(port ? { port: Number(port) } : {}),
    path,
    query: { ...query },
    headers,
  };
  const { sign, presigner } = signers(accessKeyId, region);
  let expected: string | undefined;
  if (auth) {
    const signed = await sign(request, { signingDate, signingRegion: region, signingService: 's3' });
    expected = /Signature=([0-9a-f]{64})/.exec(signed.headers.authorization ?? '')?.[1];
  } else {
    delete request.query['X-Amz-Signature'];
    const signed = await presigner.presign(request, {
      signingDate,
      expiresIn: Number(one('X-Amz-Expires')),
      signingRegion: region,
      signingService: 's3',
    });
    expected = signed.query?.['X-Amz-Signature'] as string | undefined;
  }
  if (!expected || !sameText(expected, signature)) throw signatureMismatch();
}

type PolicyCondition = Record<string, unknown> | unknown[];

/**
 * A browser POST upload (AWS: "Browser-based uploads using POST", SigV4 POST policy): the fields before
 * `file`, the signature over the policy, its expiry, each condition, every field covered, the file's size.
 */
async function verifyPostForm(body: Buffer, contentType: string, bucket: string, keys: Record<string, string>, now: Date): Promise<void> {
  let form: FormData;
  try {
    form = await new Request('http://local-s3/', { method: 'POST', headers: { 'content-type': contentType }, body }).formData();
  } catch {
    throw new S3Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
  }
  const fields = new Map<string, string>();
  let fileBytes: number | null = null;
  for (const [name, value] of form.entries()) {
    if (name.toLowerCase() === 'file') {
      fileBytes = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
      break; // S3 ignores every field after the file
    }
    if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  if (fileBytes === null) throw new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const policyBase64 = fields.get('policy');
  if (!policyBase64) throw accessDenied();
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    throw new S3Refusal(400, 'InvalidArgument', 'POST requires the X-Amz-Algorithm field with AWS4-HMAC-SHA256.');
  const [accessKeyId = '', shortDate = '', region = '', service = '', terminal = ''] = (fields.get('x-amz-credential') ?? '').split('/');
  const secret = keys[accessKeyId];
  if (secret === undefined)
    throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (service !== 's3' || terminal !== 'aws4_request' || !/^\d{8}$/.test(shortDate)) throw signatureMismatch();
  if (!sameText(signPostPolicy(policyBase64, secret, shortDate, region), fields.get('x-amz-signature') ?? '')) throw signatureMismatch();

  let policy: { expiration?: unknown; conditions?: unknown };
  try {
    policy = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof policy.expiration === 'string' ? Date.parse(policy.expiration) : NaN;
  if (Number.isNaN(expiration) || !Array.isArray(policy.conditions))
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: the policy needs an expiration and conditions.');
  if (now.getTime() > expiration) throw accessDenied('Invalid according to Policy: Policy expired.');

  const covered = new Set<string>();
  const valueOf = (field: string) => (field === 'bucket' ? bucket : (fields.get(field) ?? ''));
  for (const condition of policy.conditions as PolicyCondition[]) {
    if (Array.isArray(condition)) {
      const [op, subject, value] = condition as [unknown, unknown, unknown];
      if (typeof op === 'string' && op.toLowerCase() === 'content-length-range') {
        const [min, max] = [Number(subject), Number(value)];
        if (fileBytes < min) throw new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        if (fileBytes > max) throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        continue;
      }
      if (typeof op !== 'string' || typeof subject !== 'string' || !subject.startsWith('$') || typeof value !== 'string')
        throw new S3Refusal(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid condition ${JSON.stringify(condition)}.`);
      const field = subject.slice(1).toLowerCase();
      covered.add(field);
      const actual = valueOf(field);
      const holds = op.toLowerCase() === 'eq' ? actual === value : op.toLowerCase() === 'starts-with' ? actual.startsWith(value) : null;
      if (holds === null)
        throw new S3Refusal(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid condition ${JSON.stringify(condition)}.`);
      if (!holds) throw policyFailed(condition);
    } else if (condition && typeof condition === 'object') {
      for (const [name, value] of Object.entries(condition)) {
        const field = name.toLowerCase();
        covered.add(field);
        if (valueOf(field) !== value) throw policyFailed(['eq', `$${name}`, value]);
      }
    }
  }
  for (const field of fields.keys()) {
    if (field === 'policy' || field === 'x-amz-signature' || field.startsWith('x-ignore-') || covered.has(field)) continue;
    throw accessDenied(`Invalid according to Policy: Extra input fields: ${field}`);
  }
}

function refuse(req: IncomingMessage, res: ServerResponse, refusal: S3Refusal): void {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${refusal.code}</Code><Message>${refusal.message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</Message><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;
  // S3 answers errors with the bucket's CORS headers too: a browser's upload then reads why it was refused.
  const origin = req.headers.origin ? { 'Access-Control-Allow-Origin': req.headers.origin, Vary: 'Origin' } : {};
  res.writeHead(refusal.status, { 'Content-Type': 'application/xml', ...origin });
  res.end(req.method === 'HEAD' ? undefined : xml);
  req.resume();
}

/**
 * Runs the writes to one bucket one after another. s3rver keeps an object as files in a folder per key prefix:
 * a delete removes folders it leaves empty, and a write racing it into the same folder (or a write racing
 * another write of the same key) fails with a 500 that S3 never gives. S3 takes concurrent writes, the last
 * write to a key wins; in sequence, so do these.
 */
function oneWriteAtATime() {
  const tails = new Map<string, Promise<void>>();
  return async (bucket: string, write: () => Promise<void>): Promise<void> => {
    const before = tails.get(bucket) ?? Promise.resolve();
    const done = before.then(write, write);
    const tail = done.catch(() => undefined);
    tails.set(bucket, tail);
    try {
      await done;
    } finally {
      if (tails.get(bucket) === tail) tails.delete(bucket);
    }
  };
}

/**
 * Sends the request on to s3rver as it came (with `body` when it was read already) and its answer back;
 * settles once the answer is sent.
 */
function forward(req: IncomingMessage, res: ServerResponse, target: number, body?: Buffer): Promise<void> {
  const sent = new Promise<void>((resolve) => {
    res.once('close', resolve);
    res.once('finish', resolve);
  });
  const headers = { ...req.headers };
  if (body) {
    delete headers['transfer-encoding'];
    headers['content-length'] = String(body.length);
  }
  const upstream = forwardRequest({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) refuse(req, res, new S3Refusal(500, 'InternalError', 'We encountered an internal error. Please try again.'));
    else res.destroy();
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
  return sent;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req) {
    bytes += (chunk as Buffer).length;
    if (bytes > MAX_FORM_BYTES) throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Starts s3rver on a free loopback port and the verifying front on `port` (0: a free one). `now` is the
 * front's clock for expiries (S3 judges a form's expiry by its own clock, never the caller's).
 */
export async function startLocalS3(options: {
  port: number;
  directory: string;
  keys?: Record<string, string>;
  now?: () => Date;
  /** s3rver's S3-notification-shaped event of each object created or removed (the import bridge, ADR 069). */
  onEvent?: (event: { Records: unknown[] }) => void;
}): Promise<LocalS3> {
  const keys = options.keys ?? LOCAL_S3_KEYS;
  const now = options.now ?? (() => new Date());
  const s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory: options.directory, silent: true });
  const inner = ((await s3rver.run()) as AddressInfo).port;
  // s3rver is a Koa app (an EventEmitter) whose typings leave out `on`.
  if (options.onEvent) EventEmitter.prototype.on.call(s3rver, 'event', options.onEvent);
  const cache = new Map<string, Signers>();
  const signers = (id: string, region: string) => {
    const key = `${id}/${region}`;
    if (!cache.has(key)) cache.set(key, signersFor(id, keys[id]!, region));
    return cache.get(key)!;
  };

  const serialized = oneWriteAtATime();
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const segments = path.split('/').filter(Boolean);
      try {
        // A CORS preflight carries no credentials, on S3 as here: the bucket's CORS rules answer it.
        if (req.method === 'OPTIONS') return await forward(req, res, inner);
        const isForm =
          req.method === 'POST' &&
          segments.length === 1 &&
          !(req.url ?? '').includes('?') &&
          (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
        if (isForm) {
          const body = await readBody(req);
          const bucket = decodeURIComponent(segments[0]!);
          await verifyPostForm(body, req.headers['content-type']!, bucket, keys, now());
          return await serialized(bucket, () => forward(req, res, inner, body));
        }
        await verifySigned(req, keys, signers, now());
        const writesObject = segments.length >= 2 && (req.method === 'PUT' || req.method === 'POST' || req.method === 'DELETE');
        if (writesObject) return await serialized(decodeURIComponent(segments[0]!), () => forward(req, res, inner));
        return await forward(req, res, inner);
      } catch (error) {
        if (error instanceof S3Refusal) return refuse(req, res, error);
        console.error('local S3 front:', error);
        return refuse(req, res, new S3Refusal(500, 'InternalError', 'We encountered an internal error. Please try again.'));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await s3rver.close();
    },
  };
}
