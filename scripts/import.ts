/**
 * `npm run import -- [--fresh] FILE [...]`: loads master-data files through the import service. The file
 * name names the kind and the format (`stores.csv`, `sales.jsonl`, `products.json`; ADR 014). Files are
 * streamed in slices with progress lines; a load stopped half way continues after its last finished slice
 * when run again, and a file loaded before (same content) is skipped: `--fresh` loads it again
 * (load-file.ts). Without AWS variables in the environment it targets the running `npm start` (local
 * mode); with them, that stage.
 */
import { parseArgs } from 'node:util';
import { createBackend, loadConfig } from '@portal/backend';
import { cliEnv } from './local/local-env.ts';
import { importFile } from './seed/seed.ts';

const { values, positionals: files } = parseArgs({ options: { fresh: { type: 'boolean', default: false } }, allowPositionals: true });
if (files.length === 0) {
  console.error(
    'usage: npm run import -- [--fresh] FILE [FILE ...]   (the file name names the kind and format: accounts.jsonl, stores.csv, products.json)',
  );
  process.exit(2);
}
const env = cliEnv();
Object.assign(process.env, env);
const backend = createBackend(loadConfig(env));
// Ctrl-C (or SIGTERM) stops at the next slice boundary: the slices in flight finish and are recorded.
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
let failed = false;
for (const file of files) {
  if (stop.signal.aborted) break;
  const report = await importFile(backend, file, {
    resume: !values.fresh,
    signal: stop.signal,
    progress: (line) => console.log(`  ${line}`),
  });
  const skipped = report.resumedFrom >= report.lines ? ' (loaded before: skipped; --fresh loads it again)' : '';
  console.log(`${file}: ${report.created} created, ${report.updated} updated, ${report.errorCount} rejected${skipped}`);
  for (const e of report.errors) console.log(`  line ${e.line}: ${e.reason}`);
  failed ||= report.errorCount > 0;
}
process.exit(stop.signal.aborted ? 130 : failed ? 1 : 0);
