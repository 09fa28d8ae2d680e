/**
 * `npm run preflight -- --stage NAME [--skip-templates]` (docs/operations/runbook.md "Deploy a new stage"): the
 * checks of preflight-checks.ts against the stage's account, with the stage inputs read as `sst deploy` reads them
 * (the environment, then .env, .env.local, .env.<stage>, .env.<stage>.local, each overriding: sst/project.js).
 * Exit codes: 0 every check ok or warn, 1 a check failed, 2 wrong command line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, parseEnv } from 'node:util';
import { clientsFor, formatResult, runPreflight } from './preflight-checks.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The environment `sst deploy --stage NAME` sees: the shell's, overridden by the stage's .env files. */
export function stageEnvironment(stage: string, base: NodeJS.ProcessEnv, root = repoRoot): NodeJS.ProcessEnv {
  const files = ['.env', '.env.local', `.env.${stage}`, `.env.${stage}.local`]
    .map((name) => path.join(root, name))
    .filter((file) => existsSync(file));
  return files.reduce<NodeJS.ProcessEnv>((env, file) => ({ ...env, ...parseEnv(readFileSync(file, 'utf8')) }), { ...base });
}

/** cfn-lint and cdk-nag findings of the stage as it would deploy (tests/infra/synth.ts: the real sst.config.ts, offline). */
async function templateFindings(stage: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const { synth, cfnLintFindings, nagFindings } = await import('../../tests/infra/synth.ts');
  const inputs = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const templates = await synth(stage, { env: inputs });
  return [...cfnLintFindings(templates), ...nagFindings(templates)];
}

async function main() {
  let values: { stage?: string; 'skip-templates'?: boolean };
  try {
    ({ values } = parseArgs({ options: { stage: { type: 'string' }, 'skip-templates': { type: 'boolean', default: false } } }));
    if (!values.stage) throw new Error('--stage is required');
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nusage: npm run preflight -- --stage NAME [--skip-templates]`);
    process.exitCode = 2;
    return;
  }
  const stage = values.stage;
  const env = stageEnvironment(stage, process.env);
  const skip = values['skip-templates'] === true;
  const results = await runPreflight(stage, env, clientsFor, skip ? async () => [] : () => templateFindings(stage, env));
  for (const r of results)
    console.log(formatResult(skip && r.check === 'templates' ? { ...r, outcome: 'warn', detail: 'skipped (--skip-templates)' } : r));
  const failed = results.filter((r) => r.outcome === 'failed').length;
  console.log(
    failed === 0 ? `preflight ${stage}: ready for \`npx sst deploy --stage ${stage}\`` : `preflight ${stage}: ${failed} check(s) failed`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
