/**
 * `npx tsx scripts/bench/markdown-worst-case.ts [--runs 5] [--slow 1]`
 *
 * Parse times in Node's micromark (mdast-util-from-markdown, the web's Markdown parser) of the texts the Markdown
 * bounds (ADR 157, `MARKDOWN_LIMITS` in @portal/core/shared) accept at their worst and of the hostile ones they
 * refuse: the best of `--runs` parses, CPU time of this process (the machine is shared; wall time in brackets).
 * Each text is first put to the rule: a "worst accepted" one the rule refuses, or a hostile one it accepts, fails
 * the run. The hostile texts that take tens of seconds run only with `--slow 1` (else they are parsed once at a
 * fifth of their size, which shows the growth). Realistic texts (the seeded news and terms, a README-like text,
 * lists 4 deep) are measured too.
 */
import { readFileSync } from 'node:fs';
import { MARKDOWN_LIMITS, markdownCounts, markdownExcess } from '@portal/core/shared';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { benchOptions } from './bench-options.ts';

const { runs, slow: slowFlag } = benchOptions({ runs: 5, slow: 0 });
const slow = slowFlag !== 0;
const L = MARKDOWN_LIMITS;

const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('\n');
const fitTo = (limit: number, text: string) => text.slice(0, limit);

/** Texts at the bounds, each shaped after a super-linear case in micromark. */
const worstAccepted: Record<string, string> = {
  [`${L.emphasisRuns} unmatched emphasis runs`]: '*a '.repeat(L.emphasisRuns / 2) + 'a* '.repeat(L.emphasisRuns / 2),
  [`${L.emphasisRuns} mixed runs (**a_)`]: '**a_ '.repeat(L.emphasisRuns / 2),
  [`${L.listItems} items, ${L.depth} on each line`]: lines(L.listItems / L.depth, () => `${'- '.repeat(L.depth)}a`),
  [`${L.listItems} items, one a line`]: lines(L.listItems, () => '- a'),
  [`${L.listItems} items, a stair ${L.depth} deep`]: lines(L.listItems, (i) => `${'  '.repeat(i % (L.depth - 1))}- a`),
  [`${L.lines} lines of setext headings`]: lines(L.lines, (i) => (i % 2 ? '-' : 'a')),
  [`${L.lines} lines of link definitions`]: lines(L.lines, (i) => `[l${i}]: https://example.com/${i}`).slice(0, 20_000),
  [`${L.lines} lines of paragraphs`]: lines(L.lines, (i) => (i % 2 ? '' : 'a')),
  [`${L.lines} lines of ${L.depth}-deep quotes`]: lines(L.lines, () => `${'> '.repeat(L.depth)}a`).slice(0, 20_000),
  'all bounds at once (20,000 chars)': fitTo(
    20_000,
    [
      lines(L.listItems / L.depth, () => `${'- '.repeat(L.depth)}a`),
      '',
      '*a '.repeat(L.emphasisRuns / 4) + 'a* '.repeat(L.emphasisRuns / 4),
      '',
      lines(L.lines - L.listItems / L.depth - 4, (i) => (i % 2 ? '-' : 'a')),
    ].join('\n'),
  ),
  [`${L.inlineMarks} links opened ([a]()`]: '[a]('.repeat(L.inlineMarks),
  [`${L.inlineMarks} autolinks`]: '<a@b.c>'.repeat(L.inlineMarks),
  [`${L.inlineMarks} backtick runs`]: '`a '.repeat(L.inlineMarks),
  [`${L.inlineMarks} entities`]: '&#123;'.repeat(L.inlineMarks),
  '20,000 chars of plain words': 'word '.repeat(4_000),
};

/** The shapes that hang or crash a reader's page (20,000 characters at most, the news limit). */
const hostile: Record<string, { text: (scale: number) => string; slow: boolean }> = {
  "'*a ' × 3300 + 'a* ' × 3300": { text: (s) => '*a '.repeat(3300 * s) + 'a* '.repeat(3300 * s), slow: true },
  '2,000 lines of 10-deep nested lists (22,000 chars)': { text: (s) => lines(2000 * s, () => `${'- '.repeat(10)}a`), slow: true },
  '900 lines of 10-deep nested lists (19,800 chars)': { text: (s) => lines(900 * s, () => `${'- '.repeat(10)}a`), slow: true },
  '5,000 setext headings (a / -)': { text: (s) => lines(10_000 * s, (i) => (i % 2 ? '-' : 'a')), slow: true },
  "'> ' × 1000 + 'x'": { text: () => `${'> '.repeat(1000)}x`, slow: false },
  "'- ' × 1000 + 'x'": { text: () => `${'- '.repeat(1000)}x`, slow: false },
  "'[a](' × 5000": { text: () => '[a]('.repeat(5000), slow: false },
  'a stair 140 deep (20,000 chars)': { text: () => lines(140, (i) => `${'  '.repeat(i)}- a`), slow: false },
};

function realistic(): Record<string, string> {
  const jsonl = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const out: Record<string, string> = {};
  for (const item of jsonl('scripts/seed/demo/news.jsonl')) {
    const texts = item.texts as Record<string, { body: string }>;
    for (const [language, text] of Object.entries(texts)) out[`seeded news ${String(item.newsId)} ${language}`] = text.body;
  }
  for (const terms of jsonl('scripts/seed/demo/termsOfUse.jsonl')) {
    for (const [language, text] of Object.entries(terms.texts as Record<string, string>))
      out[`seeded terms ${String(terms.brandId)} ${language}`] = text;
  }
  out['README + benchmarks (20,000 chars)'] = fitTo(20_000, readFileSync('README.md', 'utf8') + readFileSync('docs/benchmarks.md', 'utf8'));
  out['ADRs (30,000 chars, a terms-sized text)'] = fitTo(30_000, readFileSync('docs/decisions/081-news.md', 'utf8').repeat(10));
  out['table-like lists 4 deep (20,000 chars)'] = fitTo(
    20_000,
    lines(
      120,
      (i) => `${'  '.repeat(i % 4)}${i % 4 === 0 ? `${i / 4 + 1}.` : '-'} **Row ${i}** _value_ [link](https://example.com/${i}) \`code\``,
    ),
  );
  return out;
}

function time(text: string, times: number): { cpu: number; wall: number } | string {
  let cpu = Infinity;
  let wall = Infinity;
  for (let run = 0; run < times; run++) {
    const started = performance.now();
    const used = process.cpuUsage();
    try {
      fromMarkdown(text);
    } catch (error) {
      return error instanceof Error ? error.name : 'error';
    }
    const spent = process.cpuUsage(used);
    cpu = Math.min(cpu, (spent.user + spent.system) / 1000);
    wall = Math.min(wall, performance.now() - started);
  }
  return { cpu, wall };
}
const shown = (result: ReturnType<typeof time>) =>
  typeof result === 'string' ? result : `${result.cpu.toFixed(0)} ms (${result.wall.toFixed(0)})`;

fromMarkdown('# warm up\n\n*a* [b](c) `d`\n\n- x\n  - y\n> q\n'.repeat(300));
console.log(`bounds: ${JSON.stringify(L)}; best of ${runs}, CPU ms (wall ms)\n`);
console.log('| worst accepted | chars | parse |\n|---|---:|---:|');
let failed = false;
for (const [name, text] of Object.entries(worstAccepted)) {
  const excess = markdownExcess(text);
  if (excess) {
    failed = true;
    console.log(`| ${name} | REFUSED ${JSON.stringify(excess)} | |`);
    continue;
  }
  console.log(`| ${name} | ${text.length} | ${shown(time(text, runs))} |`);
}
console.log('\n| hostile (refused) | chars | bound | parse |\n|---|---:|---|---:|');
for (const [name, { text, slow: isSlow }] of Object.entries(hostile)) {
  const full = text(1);
  const excess = markdownExcess(full);
  if (!excess) failed = true;
  const refused = excess ? `${excess.bound} ${excess.found} > ${excess.limit}` : 'ACCEPTED';
  const result = isSlow && !slow ? `${shown(time(text(0.2), 1))} at a fifth` : shown(time(full, 1));
  console.log(`| ${name} | ${full.length} | ${refused} | ${result} |`);
}
console.log('\n| realistic (accepted) | chars | counts | parse |\n|---|---:|---|---:|');
for (const [name, text] of Object.entries(realistic())) {
  if (markdownExcess(text)) failed = true;
  const counts = markdownCounts(text);
  console.log(
    `| ${name} | ${text.length} | ${markdownExcess(text) ? 'REFUSED ' : ''}${Object.values(counts).join(' / ')} | ${shown(time(text, runs))} |`,
  );
}
const scan = '*a '.repeat(3300) + 'a* '.repeat(3300);
const started = performance.now();
for (let i = 0; i < 100; i++) markdownExcess(scan);
console.log(`\nthe rule's scan of 19,800 chars: ${((performance.now() - started) / 100).toFixed(2)} ms`);
if (failed) {
  console.error('a worst-accepted text was refused, or a hostile or realistic one was misjudged');
  process.exitCode = 1;
}
