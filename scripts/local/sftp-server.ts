/**
 * The local stand-in for AWS Transfer Family (ADR 039): an SFTP server on loopback, speaking the real
 * protocol (ssh2's server), serving one folder. Each login has a root it cannot leave: every path the
 * client sends is normalised against '/' and mapped under that root, symlinks are neither created nor
 * followed out of it. The portal's service user sees the whole tree (as the Transfer Family service user
 * mapped to the reports bucket's `sftp/` prefix); a customer's login sees only `<customerId>/`.
 * Enough SFTP v3 for OpenSSH's `sftp` and the ssh2 client: OPEN/READ/WRITE/CLOSE, (F/L)STAT, (F)SETSTAT,
 * OPENDIR/READDIR, MKDIR/RMDIR, RENAME (refused over an existing file, as OpenSSH does), REMOVE, REALPATH.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readdir, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { basename, dirname, join, posix, relative, resolve, sep } from 'node:path';
import type { Db } from '@portal/backend/platform/db';
import { createRateLimiter } from '@portal/backend/platform/security';
import { createSftpLogin, type SftpAccess } from '@portal/backend/sftp-users';
import ssh2 from 'ssh2';
import type { Attributes, AuthContext, Connection, ParsedKey, SFTPWrapper } from 'ssh2';
import { LOCAL_SFTP_SERVICE_USER, localSftpKeyFiles } from './local-env.ts';

const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;

/**
 * Who may log in: the SFTP login decision (backend sftp-users/sftp-login.ts, ADR 052), the one AWS
 * Transfer Family's identity provider takes too, with the same limits. The server only proves the key.
 */
export type SftpAuthorizer = {
  keyLogin: (username: string) => Promise<(SftpAccess & { publicKeys: readonly string[] }) | null>;
  passwordLogin: (username: string, password: string, sourceIp: string) => Promise<SftpAccess | null>;
};

export type SftpServerOptions = {
  port: number;
  host?: string;
  /** The host key (OpenSSH private key text). */
  hostKey: string;
  /** The served tree: the service user's root; a customer's login has `<tree>/<customerId>`. */
  tree: string;
  logins: SftpAuthorizer;
  /** A file written over SFTP was closed: its path on disk (Transfer Family stores the S3 object then). */
  onWritten?: (path: string) => void;
};

export type SftpServer = { port: number; hostKeySha256: string; stop: () => Promise<void> };

/** OpenSSH's `SHA256:` fingerprint of a public key line (`ssh-ed25519 AAAA... comment`). */
export function publicKeyFingerprint(publicKeyLine: string): string {
  const blob = Buffer.from(publicKeyLine.trim().split(/\s+/)[1] ?? '', 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

const publicLineOf = (privateKey: string) => {
  const parsed = ssh2.utils.parseKey(privateKey);
  if (parsed instanceof Error) throw parsed;
  return `${parsed.type} ${parsed.getPublicSSH().toString('base64')}`;
};

export async function startSftpServer(options: SftpServerOptions): Promise<SftpServer> {
  const host = options.host ?? '127.0.0.1';
  const connections = new Set<Connection>();
  const server = new ssh2.Server({ hostKeys: [options.hostKey] }, (client, info) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    let root: string | undefined;
    client.on('authentication', (ctx) => {
      authenticate(ctx, options, info.ip).then(
        (login) => {
          if (login) {
            root = login;
            ctx.accept();
          } else ctx.reject(['publickey', 'password']);
        },
        () => ctx.reject(['publickey', 'password']),
      );
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => serveSftp(acceptSftp(), root!, options.onWritten));
      });
    });
    client.on('error', () => {}); // a client that drops the connection is not the server's problem
  });
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.listen(options.port, host, () => ready());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    hostKeySha256: publicKeyFingerprint(publicLineOf(options.hostKey)),
    stop: async () => {
      for (const c of connections) c.end();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The login's root folder when the credentials fit, else null. Unknown users and wrong keys look the same. */
async function authenticate(ctx: AuthContext, options: SftpServerOptions, sourceIp: string): Promise<string | null> {
  const rootOf = (access: SftpAccess) => (access.folder === null ? options.tree : customerRoot(options.tree, access.folder));
  if (ctx.method === 'password') {
    const access = await options.logins.passwordLogin(ctx.username, ctx.password, sourceIp);
    return access && rootOf(access);
  }
  if (ctx.method !== 'publickey') return null;
  const login = await options.logins.keyLogin(ctx.username);
  if (!login) return null;
  for (const line of login.publicKeys) {
    const key = ssh2.utils.parseKey(line) as ParsedKey | Error;
    if (key instanceof Error) continue;
    const blob = key.getPublicSSH();
    if (key.type !== ctx.key.algo || blob.length !== ctx.key.data.length || !timingSafeEqual(blob, ctx.key.data)) continue;
    // Without a signature the client only asks whether this key would do; with one it proves it holds it.
    if (!ctx.signature) return rootOf(login);
    return key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) === true ? rootOf(login) : null;
  }
  return null;
}

type Handle = { kind: 'file'; file: FileHandle; path: string; written: boolean } | { kind: 'dir'; path: string; done: boolean };

const attrsOf = (s: Stats): Attributes => ({
  mode: s.mode,
  uid: 0,
  gid: 0,
  size: s.size,
  atime: Math.floor(s.atimeMs / 1000),
  mtime: Math.floor(s.mtimeMs / 1000),
});

/** `ls -l`'s line, which OpenSSH's `sftp` prints for `ls -l`. */
function longname(name: string, s: Stats): string {
  const type = s.isDirectory() ? 'd' : '-';
  const bits = [0o400, 0o200, 0o100, 0o40, 0o20, 0o10, 0o4, 0o2, 0o1].map((b, i) => (s.mode & b ? 'rwx'[i % 3] : '-')).join('');
  const date = s.mtime.toISOString().slice(0, 16).replace('T', ' ');
  return `${type}${bits}    1 portal   portal   ${String(s.size).padStart(10)} ${date} ${name}`;
}

function serveSftp(sftp: SFTPWrapper, root: string, onWritten?: (path: string) => void) {
  mkdirSync(root, { recursive: true });
  const handles = new Map<string, Handle>();
  let next = 0;
  const newHandle = (h: Handle) => {
    const id = Buffer.alloc(4);
    id.writeUInt32BE(next++);
    handles.set(id.toString('hex'), h);
    return id;
  };
  const handleOf = (id: Buffer) => handles.get(id.toString('hex'));

  /** The client's path as seen from its root ('/a/b'), '..' folded so it never climbs above '/'. */
  const virtual = (path: string) => posix.resolve('/', path);
  /** Where that is on disk; refuses anything whose existing part resolves (symlinks) outside the root. */
  const local = async (path: string) => {
    const target = join(root, ...virtual(path).split('/').filter(Boolean));
    let existing = target;
    while (!existsSync(existing) && existing !== root) existing = resolve(existing, '..');
    const real = await realpath(existing);
    const realRoot = await realpath(root);
    if (real !== realRoot && !real.startsWith(realRoot + sep)) throw Object.assign(new Error('outside the root'), { code: 'EACCES' });
    return target;
  };

  /** Runs a request; a file-system error becomes the SFTP status the client understands. */
  const serve = (reqId: number, work: () => Promise<void>) =>
    work().catch((error: NodeJS.ErrnoException) => {
      const code =
        error.code === 'ENOENT' || error.code === 'ENOTDIR'
          ? STATUS_CODE.NO_SUCH_FILE
          : error.code === 'EACCES' || error.code === 'EPERM'
            ? STATUS_CODE.PERMISSION_DENIED
            : STATUS_CODE.FAILURE;
      sftp.status(reqId, code, error.code ?? error.message);
    });
  const ok = (reqId: number) => sftp.status(reqId, STATUS_CODE.OK);

  sftp.on('REALPATH', (reqId, path) =>
    serve(reqId, async () => {
      const name = virtual(path);
      sftp.name(reqId, [{ filename: name, longname: name, attrs: {} as Attributes }]);
    }),
  );
  for (const op of ['STAT', 'LSTAT'] as const)
    sftp.on(op, (reqId: number, path: string) =>
      serve(reqId, async () => sftp.attrs(reqId, attrsOf(await (op === 'STAT' ? stat : lstat)(await local(path))))),
    );
  sftp.on('SETSTAT', (reqId) => ok(reqId)); // times and modes are the server's to keep
  sftp.on('FSETSTAT', (reqId) => ok(reqId));
  sftp.on('OPEN', (reqId, path, flags) =>
    serve(reqId, async () => {
      const onDisk = await local(path);
      const file = await open(onDisk, openFlags(flags), 0o640);
      sftp.handle(reqId, newHandle({ kind: 'file', file, path: onDisk, written: false }));
    }),
  );
  sftp.on('READ', (reqId, id, offset, length) =>
    serve(reqId, async () => {
      const h = handleOf(id);
      if (h?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      const buffer = Buffer.alloc(Math.min(length, 256 * 1024));
      const { bytesRead } = await h.file.read(buffer, 0, buffer.length, offset);
      if (bytesRead === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.data(reqId, buffer.subarray(0, bytesRead));
    }),
  );
  sftp.on('WRITE', (reqId, id, offset, data) =>
    serve(reqId, async () => {
      const h = handleOf(id);
      if (h?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      await h.file.write(data, 0, data.length, offset);
      h.written = true;
      ok(reqId);
    }),
  );
  sftp.on('FSTAT', (reqId, id) =>
    serve(reqId, async () => {
      const h = handleOf(id);
      if (h?.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      sftp.attrs(reqId, attrsOf(await h.file.stat()));
    }),
  );
  sftp.on('CLOSE', (reqId, id) =>
    serve(reqId, async () => {
      const h = handleOf(id);
      if (!h) return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      handles.delete(id.toString('hex'));
      if (h.kind === 'file') await h.file.close();
      if (h.kind === 'file' && h.written) onWritten?.(h.path);
      ok(reqId);
    }),
  );
  sftp.on('OPENDIR', (reqId, path) =>
    serve(reqId, async () => {
      const dir = await local(path);
      if (!(await stat(dir)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
      sftp.handle(reqId, newHandle({ kind: 'dir', path: dir, done: false }));
    }),
  );
  sftp.on('READDIR', (reqId, id) =>
    serve(reqId, async () => {
      const h = handleOf(id);
      if (h?.kind !== 'dir') return sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      if (h.done) return sftp.status(reqId, STATUS_CODE.EOF);
      h.done = true; // the whole listing in one answer: these folders hold a customer's report files
      const names = ['.', '..', ...(await readdir(h.path))];
      const entries = await Promise.all(
        names.map(async (filename) => {
          const s = await lstat(join(h.path, filename));
          return { filename, longname: longname(filename, s), attrs: attrsOf(s) };
        }),
      );
      sftp.name(reqId, entries);
    }),
  );
  sftp.on('MKDIR', (reqId, path) => serve(reqId, async () => (await mkdir(await local(path), { mode: 0o750 }), ok(reqId))));
  sftp.on('RMDIR', (reqId, path) =>
    serve(reqId, async () => {
      if (virtual(path) === '/') throw Object.assign(new Error('the root stays'), { code: 'EACCES' });
      await rmdir(await local(path));
      ok(reqId);
    }),
  );
  sftp.on('REMOVE', (reqId, path) => serve(reqId, async () => (await unlink(await local(path)), ok(reqId))));
  sftp.on('RENAME', (reqId, from, to) =>
    serve(reqId, async () => {
      const [source, target] = [await local(from), await local(to)];
      // SFTP v3 as OpenSSH serves it: no rename over an existing file (clients remove it first).
      if (existsSync(target)) return sftp.status(reqId, STATUS_CODE.FAILURE, 'target exists');
      await rename(source, target);
      ok(reqId);
    }),
  );
  for (const op of ['SYMLINK', 'READLINK'] as const) sftp.on(op, (reqId: number) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  sftp.on('EXTENDED', (reqId) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  // The client's EOF ends the subsystem, as OpenSSH's sftp-server exits: the channel closes and `sftp` quits.
  sftp.on('end', () => sftp.end());
  sftp.on('close', () => {
    for (const h of handles.values()) if (h.kind === 'file') void h.file.close().catch(() => {});
    handles.clear();
  });
}

/** SFTP's open flags as Node's (`r`, `w`, `wx`, `a`, `r+`, ...). */
function openFlags(flags: number): string {
  const named = ssh2.utils.sftp.flagsToString(flags);
  if (named) return named;
  const write = flags & OPEN_MODE.WRITE;
  if (!write) return 'r';
  if (flags & OPEN_MODE.APPEND) return flags & OPEN_MODE.READ ? 'a+' : 'a';
  if (flags & OPEN_MODE.EXCL) return 'wx';
  if (flags & OPEN_MODE.TRUNC || flags & OPEN_MODE.CREAT) return flags & OPEN_MODE.READ ? 'w+' : 'w';
  return 'r+';
}

const parsesAsSshKey = (key: string) => !(ssh2.utils.parseKey(key) instanceof Error);

/**
 * A new ed25519 key pair that ssh2 itself can read back. ssh2's generator strips leading zero bytes from the
 * public key, so about one pair in 256 comes out malformed (mscdex/ssh2 #1390, #1513); such a pair is drawn again.
 */
export function sshKeyPair(comment?: string): { private: string; public: string } {
  for (;;) {
    const pair = ssh2.utils.generateKeyPairSync('ed25519', comment ? { comment } : {});
    if (parsesAsSshKey(pair.private) && parsesAsSshKey(pair.public)) return pair;
  }
}

/**
 * The keys of a local instance, made once in `<dataDir>/sftp-keys/` and reused (a stable host key, so
 * `known_hosts` entries stay valid across restarts): the server's host key and the portal's service user's
 * key pair. Files readable by their owner only.
 */
export function localSftpKeys(dataDir: string): {
  hostKey: string;
  serviceKey: string;
  servicePublicKey: string;
  hostKeySha256: string;
  serviceKeyFile: string;
} {
  const files = localSftpKeyFiles(dataDir);
  mkdirSync(dirname(files.host), { recursive: true, mode: 0o700 });
  const made = (file: string) => {
    if (!existsSync(file) || !parsesAsSshKey(readFileSync(file, 'utf8'))) {
      const pair = sshKeyPair(`portal-local-${basename(file)}`);
      writeFileSync(file, pair.private, { mode: 0o600 });
      writeFileSync(`${file}.pub`, `${pair.public}\n`, { mode: 0o644 });
    }
    return { file, key: readFileSync(file, 'utf8'), pub: readFileSync(`${file}.pub`, 'utf8').trim() };
  };
  const host = made(files.host);
  const service = made(files.service);
  return {
    hostKey: host.key,
    serviceKey: service.key,
    servicePublicKey: service.pub,
    hostKeySha256: publicKeyFingerprint(host.pub),
    serviceKeyFile: service.file,
  };
}

/** The root of a customer's login: `<tree>/<customerId>`; the id is an import-checked id, never a path. */
export const customerRoot = (tree: string, customerId: string) => {
  const root = resolve(tree, customerId);
  if (relative(tree, root).includes('..') || relative(tree, root) !== customerId) throw new Error(`bad customer id '${customerId}'`);
  return root;
};

/**
 * The login decision of a local server: the `sftpUsers` records in `db` through sftp-login.ts, as on AWS
 * (ADR 052); without a table, the service user alone (the report delivery tests need no customer logins).
 */
function localLogins(options: { db?: Db; now?: () => Date; servicePublicKey: string; passwordHashCost?: number }): SftpAuthorizer {
  if (!options.db) {
    return {
      keyLogin: async (username) =>
        username === LOCAL_SFTP_SERVICE_USER ? { folder: null, publicKeys: [options.servicePublicKey] } : null,
      passwordLogin: async () => null,
    };
  }
  const now = options.now ?? (() => new Date());
  return createSftpLogin({
    db: options.db,
    now,
    rateLimiter: createRateLimiter(options.db, now),
    serviceUser: LOCAL_SFTP_SERVICE_USER,
    servicePublicKey: options.servicePublicKey,
    ...(options.passwordHashCost ? { passwordHashCost: options.passwordHashCost } : {}),
  });
}

/**
 * An SFTP stand-in for tests: a fresh tree and fresh keys in `dir`, the service user, and with `db` the
 * customers' logins of its `sftpUsers` records. `env` is what the backend's config needs to deliver to it (SFTP_*).
 */
export async function startSftpStandIn(dir: string, options: { db?: Db; now?: () => Date } = {}) {
  const keys = localSftpKeys(dir);
  const tree = join(dir, 'sftp');
  mkdirSync(tree, { recursive: true });
  const server = await startSftpServer({
    port: 0,
    hostKey: keys.hostKey,
    tree,
    logins: localLogins({ ...options, servicePublicKey: keys.servicePublicKey }),
  });
  return {
    tree,
    keys,
    port: server.port,
    env: {
      SFTP_HOST: '127.0.0.1',
      SFTP_PORT: String(server.port),
      SFTP_USER: LOCAL_SFTP_SERVICE_USER,
      SFTP_PRIVATE_KEY_FILE: keys.serviceKeyFile,
      SFTP_HOST_KEY_SHA256: server.hostKeySha256,
    },
    stop: server.stop,
  };
}

/**
 * The SFTP server of `npm start`: `<dataDir>/sftp/` on loopback, the portal's service user (SFTP_USER of
 * local-env.ts) at its top, each customer's login (the `sftpUsers` import kind) in `<customerId>/`, let in
 * by the same decision and limits as on AWS (ADR 052).
 */
export async function startLocalSftpServer(options: {
  dataDir: string;
  port: number;
  db: Db;
  now?: () => Date;
  passwordHashCost?: number;
  /** A file written over SFTP, by its path under the tree (`<customerId>/imports/x.csv`), with its bytes' path on disk. */
  onWritten?: (relativePath: string, path: string) => void;
}): Promise<SftpServer & { tree: string }> {
  const keys = localSftpKeys(options.dataDir);
  const tree = join(options.dataDir, 'sftp');
  mkdirSync(tree, { recursive: true });
  const server = await startSftpServer({
    port: options.port,
    hostKey: keys.hostKey,
    tree,
    logins: localLogins({ ...options, servicePublicKey: keys.servicePublicKey }),
    ...(options.onWritten ? { onWritten: (path: string) => options.onWritten?.(relative(tree, path).split(sep).join('/'), path) } : {}),
  });
  return { ...server, tree };
}
