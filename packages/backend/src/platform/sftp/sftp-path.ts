/**
 * The names an SFTP delivery may write (ADR 039). Paths are relative to the service user's root; every
 * segment is checked on its own, so '..', '.', absolute paths, backslashes and control characters never
 * reach the server. A customer's SFTP login is chrooted there too, but the portal must not rely on it:
 * the service user sees every customer's folder.
 */
export class SftpPathError extends Error {
  readonly code = 'SFTP.BAD_PATH';
}

/** Letters of any script, digits, and a few punctuation marks customers use in folder and file names. */
const SEGMENT = /^[\p{L}\p{N}_\-.+@,() ]+$/u;
const MAX_SEGMENT = 255;
const MAX_DEPTH = 16;

function checkSegment(segment: string, what: string): string {
  if (segment === '.' || segment === '..') throw new SftpPathError(`${what}: '${segment}' is not allowed`);
  if (segment.length > MAX_SEGMENT) throw new SftpPathError(`${what}: a name is longer than ${MAX_SEGMENT} characters`);
  if (!SEGMENT.test(segment)) throw new SftpPathError(`${what}: '${segment}' has characters that are not allowed`);
  // Leading dots are the delivery's temporary names (and hidden files); trailing dots and spaces are
  // dropped or refused by some servers' file systems, so the name read would differ from the one written.
  if (segment.startsWith('.')) throw new SftpPathError(`${what}: '${segment}' must not start with a dot`);
  if (/[. ]$/.test(segment) || segment.startsWith(' '))
    throw new SftpPathError(`${what}: '${segment}' must not start or end with a space or end with a dot`);
  return segment;
}

/**
 * The folder's segments: '' is the root; one leading or trailing slash is tolerated as a relative path
 * ('/reports/' = 'reports'), doubled slashes are not. Absolute escapes ('/../x', '//etc') fail on their segments.
 */
export function folderSegments(remoteDir: string): string[] {
  if (remoteDir.includes('\\')) throw new SftpPathError('remoteDir: backslashes are not allowed');
  const trimmed = remoteDir.replace(/^\//, '').replace(/\/$/, '');
  if (trimmed === '') return [];
  const segments = trimmed.split('/').map((s) => checkSegment(s, 'remoteDir'));
  if (segments.length > MAX_DEPTH) throw new SftpPathError(`remoteDir: deeper than ${MAX_DEPTH} folders`);
  return segments;
}

export function checkFileName(fileName: string): string {
  if (fileName.includes('/') || fileName.includes('\\')) throw new SftpPathError('fileName: must be a name, not a path');
  return checkSegment(fileName, 'fileName');
}

/** The relative path of `fileName` in `remoteDir`, both checked. */
export function deliveryPath(remoteDir: string, fileName: string): { dir: string[]; path: string } {
  const dir = folderSegments(remoteDir);
  return { dir, path: [...dir, checkFileName(fileName)].join('/') };
}
