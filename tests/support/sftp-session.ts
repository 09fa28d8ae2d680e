import ssh2, { type SFTPWrapper } from 'ssh2';

/** A login at an SFTP server: a key or a password (the seeded SFTP users, scripts/seed/demo/sftpUsers.jsonl). */
export type SftpLogin = { username: string; privateKey?: string; password?: string };

/** The demo customer's seeded login (P-2001, ADR 039). */
export const DEMO_SFTP_LOGIN: SftpLogin = { username: 'aurora-sftp', password: 'Aurora-Sftp-2026!' };

/** A customer's session at the SFTP server on loopback `port`: the ssh2 client as an SFTP client uses it, ended after `work`. */
export async function sftpSession<T>(port: number, login: SftpLogin, work: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
  const client = new ssh2.Client();
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    client.once('ready', () => client.sftp((e, s) => (e ? reject(e) : resolve(s))));
    client.once('error', reject);
    client.connect({ host: '127.0.0.1', port, ...login, hostVerifier: () => true, readyTimeout: 10_000 });
  });
  try {
    return await work(sftp);
  } finally {
    client.end();
  }
}

/** ssh2's callback API as a promise. */
export const call = <T>(run: (cb: (e: Error | null | undefined, v?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((e, v) => (e ? reject(e) : resolve(v as T))));
/** A folder's entries (ssh2's readdir leaves out '.' and '..'). */
export const entries = (sftp: SFTPWrapper, path: string) => call<ssh2.FileEntryWithStats[]>((cb) => sftp.readdir(path, cb));
/** A folder's names, sorted. */
export const list = (sftp: SFTPWrapper, path: string) => entries(sftp, path).then((l) => l.map((e) => e.filename).sort());
export const read = (sftp: SFTPWrapper, path: string) => call<Buffer>((cb) => sftp.readFile(path, cb));
