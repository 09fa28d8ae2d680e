/**
 * `npm test`'s static checks, `npm run typecheck` and `npm run lint`, in two lanes at once: each step is one
 * single-threaded process (tsc, eslint, prettier), so on CI's two cores the lanes take about half the time
 * of running them one after the other. The lanes hold about the same work, and what depends on another step
 * stays in its lane: the web's type check reads the declaration `types:api` emits. Each lane's output is
 * printed when it ends (not interleaved); the exit code is 1 when any step failed.
 *
 *   npx tsx scripts/checks/static-checks.ts
 */
import { spawn } from 'node:child_process';

type Step = [command: string, ...args: string[]];

const LANES: Step[][] = [
  [
    ['npx', 'tsc', '-p', 'tsconfig.json'],
    ['npx', 'eslint', '.', '--max-warnings', '0'],
  ],
  [
    ['npm', 'run', '--silent', 'types:api'],
    ['npx', 'tsc', '-p', 'web/tsconfig.json'],
    ['npx', 'prettier', '--check', '.'],
  ],
];

/** Runs one step, its stdout and stderr collected; resolves with its exit code (or 1 when it could not start). */
function run([command, ...args]: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.once('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** A lane's steps one after the other; it stops at the first that fails (as `&&` would). */
async function runLane(steps: Step[]): Promise<boolean> {
  let log = '';
  let ok = true;
  for (const step of steps) {
    const started = Date.now();
    const { code, output } = await run(step);
    log += `> ${step.join(' ')}\n${output}${output.endsWith('\n') || output === '' ? '' : '\n'}`;
    log += `  ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`;
    if (code !== 0) {
      ok = false;
      break;
    }
  }
  process.stdout.write(log);
  return ok;
}

const results = await Promise.all(LANES.map(runLane));
if (results.includes(false)) process.exit(1);
