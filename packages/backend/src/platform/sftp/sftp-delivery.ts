import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ssh2 from 'ssh2';
import type { Client as SshClient, SFTPWrapper } from 'ssh2';
import { type Config, sftpConfigured } from '../../config.ts';
import { deliveryPath, SftpPathError } from './sftp-path.ts';
import { errorField } from '../error-fields.ts';

/**
 * The SFTP delivery port (ADR 039): puts one file into a folder under the service user's root, over
 * real SFTP (AWS Transfer Family on the reports bucket, locally scripts/local/sftp-server.ts). A reader
 * never sees half a file: the body is written under a temporary dot-name in the same folder, then
 * renamed. One adapter, the pure-JS `ssh2` client; the same code path locally and on AWS.
 */
export type SftpPut = {
  /** Relative to the service user's root, e.g. `P-2001/reports` (a customer's login is chrooted to `P-2001/`). */
  remoteDir: string;
  fileName: string;
  /** A Buffer, or a stream read once (pass a fresh one per attempt). */
  body: Readable | Buffer;
  /** When known: checked against what the server holds after the upload. */
  size?: number;
};

export type SftpDelivery = {
  /** Answers the file's path relative to the root (`P-2001/reports/x.csv`). */
  put(input: SftpPut): Promise<{ path: string }>;
};

/** SFTP_* settings absent: a delivery that asks for SFTP fails with this clear reason. */
export class SftpNotConfiguredError extends Error {
  readonly code = 'SFTP.NOT_CONFIGURED';
  readonly retryable = false;
  constructor() {
    super('SFTP not configured');
  }
}

/** Anything else that stops a delivery; `retryable` is false for what a retry cannot fix (key, host key, path). */
export class SftpDeliveryError extends Error {
  readonly code: 'SFTP.FAILED' | 'SFTP.BAD_PATH';
  constructor(
    message: string,
    readonly retryable: boolean,
    options: { cause?: unknown; code?: 'SFTP.FAILED' | 'SFTP.BAD_PATH' } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = options.code ?? 'SFTP.FAILED';
  }
}

export type SftpEndpoint = {
  host: string;
  port: number;
  username: string;
  privateKey: string | Buffer;
  /** OpenSSH's fingerprint of the server's host key, with or without the `SHA256:` prefix. */
  hostKeySha256: string;
};

export type SftpOptions = {
  /** How long a connection (TCP + key exchange + auth) may take. */
  connectTimeoutMs?: number;
  /** Attempts of the connect on network errors (refused, reset, timeout); never on a key or host-key refusal. */
  connectAttempts?: number;
  /** The first retry's delay; each next one doubles. */
  retryDelayMs?: number;
};

/** The `SHA256:` fingerprint OpenSSH prints (`ssh-keygen -lf`) of a host key blob. */
export const sha256Fingerprint = (hostKey: Buffer) => `SHA256:${createHash('sha256').update(hostKey).digest('base64').replace(/=+$/, '')}`;

const sameFingerprint = (a: string, b: string) => {
  const norm = (f: string) => Buffer.from(f.replace(/^SHA256:/, '').replace(/=+$/, ''));
  const [x, y] = [norm(a), norm(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The delivery the backend uses: the configured endpoint, or one that always answers "SFTP not configured". */
export async function sftpDeliveryFromConfig(config: Config, options?: SftpOptions): Promise<SftpDelivery> {
  if (!sftpConfigured(config)) {
    return {
      put: async () => {
        throw new SftpNotConfiguredError();
      },
    };
  }
  // The key's text: from the variable (SST secret on AWS; "\n" escapes allowed for .env files) or a file.
  const privateKey = config.SFTP_PRIVATE_KEY
    ? config.SFTP_PRIVATE_KEY.replace(/\\n/g, '\n')
    : await readFile(config.SFTP_PRIVATE_KEY_FILE!);
  return createSftpDelivery(
    {
      host: config.SFTP_HOST!,
      port: config.SFTP_PORT,
      username: config.SFTP_USER!,
      privateKey,
      hostKeySha256: config.SFTP_HOST_KEY_SHA256!,
    },
    options,
  );
}

const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE']);

export function createSftpDelivery(endpoint: SftpEndpoint, options: SftpOptions = {}): SftpDelivery {
  const { connectTimeoutMs = 10_000, connectAttempts = 3, retryDelayMs = 250 } = options;
  const where = `${endpoint.username}@${endpoint.host}:${endpoint.port}`;

  /** One connection and its SFTP channel; refused host keys and keys are never retried. */
  function connectOnce(): Promise<{ client: SshClient; sftp: SFTPWrapper }> {
    return new Promise((resolve, reject) => {
      const client = new ssh2.Client();
      let hostKeyRefused = false;
      client.once('ready', () => {
        client.sftp((error, sftp) => {
          if (error) {
            client.end();
            reject(new SftpDeliveryError(`SFTP ${where}: no SFTP channel: ${error.message}`, true, { cause: error }));
          } else resolve({ client, sftp });
        });
      });
      // `on`, not `once`: a later error (the connection dropping mid-transfer) must not go unhandled; the
      // transfer's own stream fails then, and the promise here is settled already.
      client.on('error', (error: Error & { level?: string; code?: string }) => {
        client.end();
        if (hostKeyRefused)
          reject(new SftpDeliveryError(`SFTP ${where}: the server's host key does not match SFTP_HOST_KEY_SHA256`, false));
        else if (error.level === 'client-authentication')
          reject(new SftpDeliveryError(`SFTP ${where}: the server refused the key`, false, { cause: error }));
        else {
          const timeout = /timed out/i.test(error.message);
          reject(
            new SftpDeliveryError(`SFTP ${where}: ${error.message}`, timeout || NETWORK_ERRORS.has(error.code ?? ''), { cause: error }),
          );
        }
      });
      client.connect({
        host: endpoint.host,
        port: endpoint.port,
        username: endpoint.username,
        privateKey: endpoint.privateKey,
        readyTimeout: connectTimeoutMs,
        // A silent peer is dropped after ~30 s rather than holding the runner to its timeout.
        keepaliveInterval: 10_000,
        keepaliveCountMax: 3,
        hostVerifier: (key: Buffer) => {
          const ok = sameFingerprint(sha256Fingerprint(key), endpoint.hostKeySha256);
          hostKeyRefused = !ok;
          return ok;
        },
      });
    });
  }

  async function connect() {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await connectOnce();
      } catch (error) {
        if (!(error instanceof SftpDeliveryError) || !error.retryable || attempt >= connectAttempts) throw error;
        await new Promise((r) => setTimeout(r, retryDelayMs * 2 ** (attempt - 1)));
      }
    }
  }

  return {
    async put({ remoteDir, fileName, body, size }) {
      let target: ReturnType<typeof deliveryPath>;
      try {
        target = deliveryPath(remoteDir, fileName);
      } catch (error) {
        if (error instanceof SftpPathError) throw new SftpDeliveryError(error.message, false, { code: 'SFTP.BAD_PATH' });
        throw error;
      }
      const { client, sftp } = await connect();
      const folder = target.dir.join('/');
      const temp = [...target.dir, `.${fileName}.${randomBytes(6).toString('hex')}.part`].join('/');
      // A connection that closes mid-way (server gone, keepalive timed out) fails the put at once: the SFTP
      // requests in flight would otherwise wait forever. The streams are destroyed so nothing keeps reading.
      let out: Writable | undefined;
      const lost = new Promise<never>((_resolve, reject) =>
        client.once('close', () => {
          out?.destroy();
          if (!Buffer.isBuffer(body)) body.destroy();
          reject(new SftpDeliveryError(`SFTP ${where}: the connection closed`, true));
        }),
      );
      lost.catch(() => {}); // also closes after a finished put (client.end below)
      const live = <T>(step: Promise<T>) => Promise.race([step, lost]);
      try {
        await live(makeFolders(sftp, target.dir));
        out = sftp.createWriteStream(temp, { flags: 'w', mode: 0o640 });
        await live(pipeline(Buffer.isBuffer(body) ? [body] : body, out));
        const written = await live(ask<{ size?: number }>((cb) => sftp.stat(temp, cb)));
        const expected = size ?? (Buffer.isBuffer(body) ? body.length : undefined);
        if (expected !== undefined && written.size !== expected)
          throw new SftpDeliveryError(`SFTP ${where}: wrote ${written.size} bytes of ${expected} to ${folder || '/'}`, true);
        await live(replace(sftp, temp, target.path));
        return { path: target.path };
      } catch (error) {
        await live(call((cb) => sftp.unlink(temp, cb))).catch(() => {}); // leave no .part behind
        if (error instanceof SftpDeliveryError) throw error;
        throw new SftpDeliveryError(`SFTP ${where}: writing ${target.path} failed: ${errorField(error, 'message')}`, true, {
          cause: error,
        });
      } finally {
        client.end();
      }
    },
  };
}

/** A callback-style SFTP call that answers nothing, as a promise. */
function call(run: (cb: (error: Error | null | undefined) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((error) => (error ? reject(error) : resolve())));
}

/** A callback-style SFTP call that answers a value (a stat), as a promise. */
function ask<T>(run: (cb: (error: Error | null | undefined, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value))));
}

/** `mkdir -p` of the folder's segments (a segment that exists, or appears meanwhile, is fine). */
async function makeFolders(sftp: SFTPWrapper, segments: string[]) {
  for (let i = 1; i <= segments.length; i += 1) {
    const path = segments.slice(0, i).join('/');
    const exists = await ask<{ isDirectory(): boolean }>((cb) => sftp.stat(path, cb)).then(
      (stats) => {
        if (!stats.isDirectory()) throw new SftpDeliveryError(`SFTP: '${path}' is a file, not a folder`, false);
        return true;
      },
      (error: Error & { code?: number }) => {
        if (error.code !== 2 /* NO_SUCH_FILE */) throw error;
        return false;
      },
    );
    if (!exists)
      await call((cb) => sftp.mkdir(path, cb)).catch(async (error) => {
        if (
          !(await ask<unknown>((cb) => sftp.stat(path, cb)).then(
            () => true,
            () => false,
          ))
        )
          throw error;
      });
  }
}

/**
 * Renames the finished temp file over the target. SFTP v3's RENAME fails when the target exists (OpenSSH,
 * Transfer Family): then the old file is removed and the rename repeated, so a reader sees the old file,
 * briefly none, then the new one, never a part.
 */
async function replace(sftp: SFTPWrapper, temp: string, path: string) {
  try {
    await call((cb) => sftp.rename(temp, path, cb));
  } catch (error) {
    const exists = await ask<unknown>((cb) => sftp.stat(path, cb)).then(
      () => true,
      () => false,
    );
    if (!exists) throw error;
    await call((cb) => sftp.unlink(path, cb));
    await call((cb) => sftp.rename(temp, path, cb));
  }
}
