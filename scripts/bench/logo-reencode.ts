import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { reencodeLogo } from '@portal/backend/logo';
import sharp from 'sharp';

/**
 * The logo's re-encoding (ADR 084) at its largest input: a 4096 × 4096 image (PNG and JPEG, each under the
 * 2 MB cap) into the header, mail and PDF PNGs. Wall time per run and the process's peak RSS (maxRSS, which
 * includes libvips' native buffers) over the runs. `npx tsx scripts/bench/logo-reencode.ts [--runs 5]`.
 */
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 5);
const SIDE = 4096;
const run = promisify(execFile);

async function input(format: 'png' | 'jpeg'): Promise<Buffer> {
  // Large, smooth shapes: what a logo is, and what stays under 2 MB at 4096 px.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
    <rect width="${SIDE}" height="${SIDE}" fill="#ffffff"/>
    <circle cx="${SIDE / 2}" cy="${SIDE / 2}" r="${SIDE / 3}" fill="#0f766e"/>
    <rect x="${SIDE / 4}" y="${SIDE / 4}" width="${SIDE / 2}" height="${SIDE / 8}" rx="64" fill="#f59e0b"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png({ compressionLevel: 9 }).toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** One format in a process of its own (`--child <file>`): its peak RSS is the re-encoding's, not the input's making. */
async function child(file: string) {
  const bytes = await readFile(file);
  const idle = process.resourceUsage().maxRSS * 1024;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await reencodeLogo(bytes);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const peak = process.resourceUsage().maxRSS * 1024;
  console.info(JSON.stringify({ median: Math.round(times[Math.floor(times.length / 2)]!), max: Math.round(times.at(-1)!), idle, peak }));
}

if (process.argv.includes('--child')) await child(process.argv[process.argv.indexOf('--child') + 1]!);
else {
  const dir = await mkdtemp(join(tmpdir(), 'logo-bench-'));
  for (const format of ['png', 'jpeg'] as const) {
    const file = join(dir, `in.${format}`);
    const bytes = await input(format);
    await writeFile(file, bytes);
    const { stdout } = await run(process.execPath, [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      '--runs',
      String(runs),
      '--child',
      file,
    ]);
    const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as { median: number; max: number; idle: number; peak: number };
    console.info(
      `${format} ${SIDE}×${SIDE} (${mb(bytes.length)} MB): median ${r.median} ms, max ${r.max} ms over ${runs}; peak RSS ${mb(r.peak)} MB (idle ${mb(r.idle)} MB)`,
    );
  }
  await rm(dir, { recursive: true });
}
