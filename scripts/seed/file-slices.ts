import { createReadStream, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { type ImportFormat, parseImportText } from '@portal/backend';
import type { ByteSource } from '@portal/backend/import';

/**
 * A local file as the backend's slice reader reads it (import/file-slices.ts, ADR 069): its bytes from an
 * offset on, chunk by chunk, so a file of millions of lines never sits in memory.
 */
export const fileSource =
  (file: string): ByteSource =>
  async (fromByte) =>
    createReadStream(file, { start: fromByte, highWaterMark: 1 << 20 });

/**
 * One streaming pass over the file: its physical line count (records of a .json array) and a content
 * hash, which names the load (a regenerated file with the same content resumes; any change starts over).
 */
export async function fileIdentity(file: string, format: ImportFormat): Promise<{ hash: string; lines: number; bytes: number }> {
  const hash = createHash('sha256');
  let lines = 0;
  let bytes = 0;
  let last = 10;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const buf = chunk as Buffer;
    hash.update(buf);
    bytes += buf.length;
    for (let at = buf.indexOf(10); at !== -1; at = buf.indexOf(10, at + 1)) lines += 1;
    last = buf[buf.length - 1] ?? last;
  }
  if (last !== 10) lines += 1; // a last line without a line end
  if (format === '.json') {
    const { lines: records } = parseImportText(format, readFileSync(file, 'utf8'));
    lines = records.length;
  }
  return { hash: hash.digest('hex').slice(0, 16), lines, bytes };
}
