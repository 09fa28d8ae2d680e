/**
 * `npm run audit:verify -- --customer <id>`: walks a customer's audit log (ADR 114) oldest first and checks its
 * hash chain — each entry's hash, each prevHash, no entry missing that had not expired, the newest the head's. Like
 * `npm run admin`: without AWS variables (TABLE_NAME unset) on the running `npm start`; with a stage's variables
 * and the operator's AWS credentials, on that stage's table. It only reads.
 *
 * Prints the entries checked and the first bad entry. Exit codes: 0 the chain holds, 1 it does not, 2 usage.
 */
import { parseArgs } from 'node:util';
import { createBackend, loadConfig } from '@portal/backend';
import { verifyCustomerChain } from '@portal/backend/audit';
import { cliEnv } from './local/local-env.ts';

const REASONS = {
  changed: 'its content does not match its hash (changed)',
  gap: 'entries before it are missing though they had not expired (removed or moved)',
  broken: "its previous hash is not the previous entry's hash",
  head_mismatch: 'the newest entries are missing (the chain head counts more)',
} as const;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { customer: { type: 'string' }, help: { type: 'boolean' } }, strict: true });
  if (values.help || !values.customer) {
    console.error('usage: npm run audit:verify -- --customer <customerId>');
    return 2;
  }
  const backend = createBackend(loadConfig(cliEnv()));
  const verdict = await verifyCustomerChain(backend.db, values.customer, new Date());
  const range = verdict.firstSeq === null ? 'no entries kept' : `seq ${verdict.firstSeq} to ${verdict.lastSeq}`;
  console.log(`customer ${values.customer}: ${verdict.checked} entries checked (${range})`);
  if (!verdict.problem) {
    console.log('the chain holds');
    return 0;
  }
  console.log(`first bad entry: seq ${verdict.problem.seq} — ${REASONS[verdict.problem.reason]}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
