/**
 * `npm run import -- FILE [...]`: loads master-data files through the import service. The file name names
 * the kind and the format (`stores.csv`, `sales.jsonl`, `products.json`; ADR 014). Without AWS variables in
 * the environment it targets the running `npm start` (local mode); with them, that stage.
 */
import { createBackend, loadConfig } from '@portal/backend';
import { cliEnv } from './local/local-env.ts';
import { importFile } from './seed/seed.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error(
    'usage: npm run import -- FILE [FILE ...]   (the file name names the kind and format: accounts.jsonl, stores.csv, products.json)',
  );
  process.exit(2);
}
const env = cliEnv();
Object.assign(process.env, env);
const backend = createBackend(loadConfig(env));
let failed = false;
for (const file of files) {
  const report = await importFile(backend, file);
  console.log(
    `${file}: ${report.created} created, ${report.updated} updated, ${report.errors.length} rejected`,
  );
  for (const e of report.errors) console.log(`  line ${e.line}: ${e.reason}`);
  failed ||= report.errors.length > 0;
}
process.exit(failed ? 1 : 0);
