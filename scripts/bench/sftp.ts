/**
 * SFTP delivery throughput and memory (ADR 039): puts streamed files of growing size through the SFTP port
 * (ssh2 client) into the local SFTP server (ssh2 server), both in this process on loopback, and reports
 * time, MB/s and the process's peak RSS growth. Next to it, the same bytes copied file to file through a
 * stream (the disk's share), so the ratio of the two says what the protocol costs on this machine at this
 * moment. Bounded: `SFTP_BENCH_MB` (default 50,200) sizes, one put each.
 *   npx tsx scripts/bench/sftp.ts
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '@portal/backend';
import { sftpDeliveryFromConfig } from '@portal/backend/platform/sftp';
import { startSftpStandIn } from '../local/sftp-server.ts';

const sizes = (process.env.SFTP_BENCH_MB ?? '50,200').split(',').map(Number);
const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'sftp-bench-'));
const standIn = await startSftpStandIn(dir);
const delivery = await sftpDeliveryFromConfig(
  loadConfig({
    STAGE: 'bench',
    TABLE_NAME: 'bench',
    FILES_BUCKET: 'bench-files',
    REPORTS_BUCKET: 'bench-reports',
    MAIL_FROM: 'bench@example.com',
    APP_URL: 'http://localhost',
    ...standIn.env,
  }),
);

/** A body of `mb` MiB made on the fly (nothing held beyond one chunk). */
const body = (mb: number) => {
  let n = 0;
  const chunk = Buffer.alloc(MB, 0x61);
  return new Readable({
    read() {
      this.push(n++ < mb ? Buffer.from(chunk) : null);
    },
  });
};

async function measure(run: () => Promise<unknown>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, rssGrowthMb: (peak - before) / MB, peakRssMb: peak / MB };
}

console.log('| size | SFTP put | MB/s | peak RSS growth | peak RSS | local stream copy | MB/s | ratio |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
try {
  for (const mb of sizes) {
    const put = await measure(() => delivery.put({ remoteDir: 'bench', fileName: `f-${mb}.bin`, body: body(mb), size: mb * MB }));
    const source = join(dir, `source-${mb}.bin`);
    writeFileSync(source, '');
    await pipeline(body(mb), createWriteStream(source));
    const copy = await measure(() => pipeline(createReadStream(source), createWriteStream(join(dir, `copy-${mb}.bin`))));
    rmSync(source);
    console.log(
      `| ${mb} MB | ${put.seconds.toFixed(2)} s | ${(mb / put.seconds).toFixed(1)} | +${put.rssGrowthMb.toFixed(0)} MB | ${put.peakRssMb.toFixed(0)} MB | ${copy.seconds.toFixed(2)} s | ${(mb / copy.seconds).toFixed(0)} | ${(put.seconds / copy.seconds).toFixed(0)}x |`,
    );
  }
} finally {
  await standIn.stop();
  rmSync(dir, { recursive: true, force: true });
}
