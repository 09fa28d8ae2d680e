import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository documents itself: every relative link in README.md and docs/**\/*.md (and every
 * `path/to/file.md` named in code spans) must point at a file or folder of this repository, and a
 * `#section` at a heading of the linked page. A clone has nothing outside the repository, so a link to
 * a sibling folder (the team's working notes) would send a reader nowhere.
 */
const root = join(import.meta.dirname, '../..');

function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...docs];
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

type Link = { target: string; line: number };

/** Inline links and images `[text](target "title")` and reference definitions `[id]: target`, outside code blocks. */
function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    if (fenced) return;
    const prose = text.replace(/`[^`]*`/g, '');
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: match[1]!, line: index + 1 });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose);
    if (definition) links.push({ target: definition[1]!, line: index + 1 });
  });
  return links;
}

/** Markdown files named in code spans, e.g. `docs/decisions/001-sst-v2.md` or `../shared/SPEC.md`. */
function mdPathsInCode(markdown: string): Link[] {
  const found: Link[] = [];
  markdown.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(/`([^`\s]*\/[^`\s]*\.md)`/g)) found.push({ target: match[1]!, line: index + 1 });
  });
  return found;
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with a link from `file`, or null. */
function problemOf(file: string, target: string, fromRoot = false): string | null {
  if (external(target)) return null;
  const [path = '', anchor] = target.split('#') as [string, string | undefined];
  const resolved = path === '' ? file : resolve(fromRoot ? root : dirname(file), decodeURIComponent(path));
  const inside = relative(root, resolved);
  if (inside.startsWith('..') || inside.split(sep).includes('node_modules')) return 'points outside the repository';
  if (!existsSync(resolved)) return 'no such file or folder';
  if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor.toLowerCase())) return `no heading #${anchor}`;
  }
  return null;
}

describe('documentation links', () => {
  it('finds links, code-span paths and anchors the way a reader follows them', () => {
    const page = [
      '# Title',
      '## The ordering portal (`/app`)',
      'See [guide](docs/a.md#x), ![img](pic.png "t") and <https://example.com>.',
      '[ref]: ../outside.md',
      'Spec: `../shared/SPEC.md`; code `[not](a link)`.',
      '```',
      '[inside](code.md)',
      '```',
    ].join('\n');
    expect(linksOf(page).map((l) => l.target)).toEqual(['docs/a.md#x', 'pic.png', '../outside.md']);
    expect(mdPathsInCode(page).map((l) => l.target)).toEqual(['../shared/SPEC.md']);
    expect([...headingAnchors(page)]).toEqual(['title', 'the-ordering-portal-app']);
    expect(problemOf(join(root, 'README.md'), '../shared/SPEC.md')).toBe('points outside the repository');
    expect(problemOf(join(root, 'README.md'), 'docs/missing.md')).toBe('no such file or folder');
    expect(problemOf(join(root, 'README.md'), 'docs/product-guide.md#no-such-section')).toBe('no heading #no-such-section');
  });

  it('points every relative link of README.md and docs/ at something in the repository', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const { target, line } of linksOf(text)) {
        const problem = problemOf(file, target);
        if (problem) broken.push(`${relative(root, file)}:${line} (${target}): ${problem}`);
      }
      // A path in a code span is read from the repository root or from the file's folder.
      for (const { target, line } of mdPathsInCode(text)) {
        const problem = problemOf(file, target, true) && problemOf(file, target);
        if (problem) broken.push(`${relative(root, file)}:${line} \`${target}\`: ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('has the product guide and the architecture overview the README sends readers to', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const targets = linksOf(readme).map((l) => l.target);
    expect(targets).toContain('docs/product-guide.md');
    expect(targets).toContain('docs/architecture.md');
  });
});
