import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The committed-secret check of CI (ADR 022): every file `git ls-files` names is searched for strings that
 * look like credentials. A hit that is meant to be there (a documented demo password, say) is named in
 * .ci/secret-allowlist.json with the file, the exact value and why; anything else fails the check.
 */

export type Finding = { path: string; line: number; rule: string; value: string };
export type AllowEntry = { path: string; value: string; why: string };

type Rule = { name: string; pattern: RegExp; group?: number; accept?: (value: string) => boolean };

/** Bits per character of a value's own alphabet: random keys score high, words and placeholders low. */
export function shannonEntropy(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / value.length) * Math.log2(n / value.length);
  return bits;
}

/**
 * Made up by a person to be read: words and numbers between separators ("Retail-Demo-2026!",
 * "local-only-oidc-secret") or a constant's name ("LOGIN.FORM.ERROR.WRONG_PASSWORD"). The demo and
 * test passwords of this project all have this shape; a generated key does not.
 */
const isReadable = (value: string) =>
  value
    .split(/[-_.!?@#$%&*+:/\s]+/)
    .filter(Boolean)
    .every((part) => /^([A-Za-z][a-z]*|[A-Z]+|\d+)$/.test(part));

/** An assigned value worth a look: long, varied, not readable words, not a reference or placeholder. */
export function looksRandom(value: string): boolean {
  if (value.length < 12 || isReadable(value)) return false;
  if (value.includes('${')) return false; // an interpolation, not a literal
  if (/^(process\.env|<|\{\{|%|example|changeme|placeholder)/i.test(value)) return false;
  return shannonEntropy(value) >= 3.5;
}

const RULES: Rule[] = [
  { name: 'aws-access-key-id', pattern: /\b((?:AKIA|ASIA)[0-9A-Z]{16})\b/g, group: 1 },
  {
    name: 'aws-secret-access-key',
    pattern: /aws_?secret_?access_?key["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})\b/gi,
    group: 1,
  },
  { name: 'private-key', pattern: /(-----BEGIN (?:[A-Z]+ )*PRIVATE KEY(?: BLOCK)?-----)/g, group: 1 },
  { name: 'github-token', pattern: /\b(gh[pousr]_[A-Za-z0-9]{36,})\b/g, group: 1 },
  { name: 'npm-token', pattern: /\b(npm_[A-Za-z0-9]{36})\b/g, group: 1 },
  { name: 'slack-token', pattern: /\b(xox[abposr]-[A-Za-z0-9-]{10,})\b/g, group: 1 },
  { name: 'stripe-live-key', pattern: /\b((?:sk|rk)_live_[A-Za-z0-9]{16,})\b/g, group: 1 },
  {
    // `password = "…"`, `clientSecret: '…'`, `API_KEY="…"`: a literal assigned to a secret-named key.
    name: 'secret-assignment',
    pattern:
      /(?:secret|password|passwd|passphrase|pwd|token|api[_-]?key|private[_-]?key|credentials?)["']?\s*[:=]\s*["'`]([^"'`\s]{8,})["'`]/gi,
    group: 1,
    accept: looksRandom,
  },
];

/** Files never read: binaries by extension, and the lock file (its integrity hashes are not secrets). */
const SKIPPED = /(^|\/)package-lock\.json$|\.(png|jpe?g|gif|ico|webp|pdf|woff2?|ttf|eot|zip|gz|jar|wasm)$/i;
const MAX_BYTES = 2 * 1024 * 1024;

export function scanText(path: string, text: string): Finding[] {
  const findings: Finding[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    for (const rule of RULES) {
      for (const match of line.matchAll(rule.pattern)) {
        const value = match[rule.group ?? 0] ?? match[0];
        if (rule.accept && !rule.accept(value)) continue;
        findings.push({ path, line: index + 1, rule: rule.name, value });
      }
    }
  });
  return findings;
}

export const isAllowed = (finding: Finding, allow: AllowEntry[]) =>
  allow.some((entry) => entry.path === finding.path && entry.value === finding.value);

export function scanRepository(repo: string, allow: AllowEntry[]) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repo, encoding: 'utf8' })
    .split('\0')
    .filter((path) => path && !SKIPPED.test(path));
  const findings: Finding[] = [];
  for (const path of files) {
    const full = resolve(repo, path);
    let text: string;
    try {
      if (statSync(full).size > MAX_BYTES) continue;
      text = readFileSync(full, 'utf8');
    } catch {
      continue; // listed but deleted in the working tree
    }
    if (text.includes('\0')) continue;
    findings.push(...scanText(path, text));
  }
  const unexplained = findings.filter((f) => !isAllowed(f, allow));
  const unused = allow.filter((entry) => !findings.some((f) => isAllowed(f, [entry])));
  return { files: files.length, findings, unexplained, unused };
}

export const loadAllowlist = (repo: string): AllowEntry[] =>
  JSON.parse(readFileSync(resolve(repo, '.ci/secret-allowlist.json'), 'utf8')) as AllowEntry[];

if (import.meta.url === `file://${process.argv[1]}`) {
  const repo = resolve(import.meta.dirname, '../..');
  const result = scanRepository(repo, loadAllowlist(repo));
  for (const entry of result.unused) console.warn(`secret-scan: allowlist entry no longer matches anything: ${entry.path} ${entry.value}`);
  if (result.unexplained.length) {
    console.error('secret-scan: secret-looking strings are committed (remove them, or name each in .ci/secret-allowlist.json with why):');
    for (const f of result.unexplained) console.error(`  ${f.path}:${f.line}  ${f.rule}  ${f.value}`);
    process.exit(1);
  }
  console.log(`secret-scan: ${result.files} files, no unexplained secret-looking string (${result.findings.length} allowlisted).`);
}
