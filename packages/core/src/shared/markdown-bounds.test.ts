import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NewsText } from '../news/news.ts';
import { fieldIssueOf, FIELD } from './field-messages.ts';
import { MARKDOWN_LIMITS, markdownCounts, markdownExcess } from './markdown-bounds.ts';
import { Messages } from './messages.ts';
import { TermsTexts } from './terms-of-use.ts';

const lines = (count: number, line: (i: number) => string) => Array.from({ length: count }, (_, i) => line(i)).join('\n');
const root = new URL('../../../../', import.meta.url);
const jsonl = (path: string) =>
  readFileSync(new URL(path, root), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The shapes that hang (a minute of parsing) or crash (stack overflow) a reader's page, each within 20,000 characters. */
const hostile = {
  unmatchedEmphasis: '*a '.repeat(3300) + 'a* '.repeat(3300),
  nestedListLines: lines(700, () => `${'- '.repeat(10)}a`),
  deepQuote: `${'> '.repeat(1000)}x`,
  deepList: `${'- '.repeat(1000)}x`,
  setextHeadings: lines(10_000, (i) => (i % 2 ? '-' : 'a')),
  stair: lines(140, (i) => `${'  '.repeat(i)}- a`),
  openLinks: '[a]('.repeat(5000),
};

describe('Markdown bounds (ADR 157)', () => {
  it('refuses the hostile shapes, each by the bound it breaks', () => {
    expect(markdownExcess(hostile.unmatchedEmphasis)).toEqual({ bound: 'emphasisRuns', found: 6600, limit: 1000 });
    expect(markdownExcess(hostile.nestedListLines)).toEqual({ bound: 'listItems', found: 7000, limit: 400 });
    expect(markdownExcess(hostile.deepQuote)).toEqual({ bound: 'depth', found: 1000, limit: 10 });
    expect(markdownExcess(hostile.deepList)).toEqual({ bound: 'depth', found: 1000, limit: 10 });
    expect(markdownExcess(hostile.setextHeadings)).toEqual({ bound: 'lines', found: 10_000, limit: 800 });
    expect(markdownExcess(hostile.stair)?.bound).toBe('depth');
    expect(markdownExcess(hostile.openLinks)).toEqual({ bound: 'inlineMarks', found: 5000, limit: 2000 });
    expect(markdownExcess(lines(2000, () => `${'- '.repeat(10)}a`))?.bound).toBe('lines');
  });

  it('counts what micromark would: markers in a line prefix, runs not characters, every kind of line ending', () => {
    expect(markdownCounts('- a\n  - b\n    1. c\r\n> > d\re')).toEqual({
      lines: 5,
      listItems: 3,
      depth: 3,
      emphasisRuns: 0,
      inlineMarks: 0,
    });
    expect(markdownCounts('**bold** and _it_ ***x*** a*b')).toMatchObject({ emphasisRuns: 7, listItems: 0 });
    expect(markdownCounts('* item *x*\n+ item\n2) item\n1234567890. no item\n-no item')).toMatchObject({ listItems: 3, emphasisRuns: 2 });
    expect(markdownCounts('[a](b) ``code`` <x> &amp; \\* !')).toMatchObject({ inlineMarks: 6, emphasisRuns: 1 });
    expect(markdownCounts('\t- a')).toMatchObject({ depth: 3 });
    expect(markdownCounts('')).toEqual({ lines: 1, listItems: 0, depth: 0, emphasisRuns: 0, inlineMarks: 0 });
  });

  it('accepts every bound at its limit and refuses one more', () => {
    const at = {
      lines: lines(MARKDOWN_LIMITS.lines, () => 'a'),
      listItems: lines(MARKDOWN_LIMITS.listItems, () => '- a'),
      depth: `${'> '.repeat(MARKDOWN_LIMITS.depth)}a`,
      emphasisRuns: '_a '.repeat(MARKDOWN_LIMITS.emphasisRuns),
      inlineMarks: '&a '.repeat(MARKDOWN_LIMITS.inlineMarks),
    };
    for (const text of Object.values(at)) expect(markdownExcess(text)).toBeNull();
    expect(markdownExcess(`${at.lines}\n`)?.bound).toBe('lines');
    expect(markdownExcess(`${at.listItems}\n- a`)?.bound).toBe('listItems');
    expect(markdownExcess(`> ${at.depth}`)?.bound).toBe('depth');
    expect(markdownExcess(`${at.emphasisRuns}_`)?.bound).toBe('emphasisRuns');
    expect(markdownExcess(`${at.inlineMarks}<`)?.bound).toBe('inlineMarks');
  });

  it('accepts realistic texts: the seeded news and terms, a long README-like text, lists 4 deep, a terms-sized text', () => {
    const news = jsonl('scripts/seed/demo/news.jsonl').flatMap((item) =>
      Object.values(item.texts as Record<string, { body: string }>).map((t) => t.body),
    );
    const terms = jsonl('scripts/seed/demo/termsOfUse.jsonl').flatMap((item) => Object.values(item.texts as Record<string, string>));
    const readme = (readFileSync(new URL('README.md', root), 'utf8') + readFileSync(new URL('docs/benchmarks.md', root), 'utf8')).slice(
      0,
      20_000,
    );
    const adr = readFileSync(new URL('docs/decisions/081-news.md', root), 'utf8').repeat(10).slice(0, 30_000);
    const fourDeep = lines(
      120,
      (i) => `${'  '.repeat(i % 4)}${i % 4 ? '-' : `${i / 4 + 1}.`} **Row ${i}** _v_ [link](https://example.com/${i}) \`code\``,
    );
    const fourSpaceStyle = lines(40, (i) => `${'    '.repeat(i % 4)}- item ${i}`);
    for (const text of [...news, ...terms, readme, adr, fourDeep, fourSpaceStyle]) expect(markdownExcess(text)).toBeNull();
    expect(news.length).toBeGreaterThan(5);
    expect(terms.length).toBeGreaterThan(1);
  });

  it('scans 20,000 characters in well under a millisecond a kilobyte (linear, no parse)', () => {
    const started = performance.now();
    for (let i = 0; i < 20; i++) markdownExcess(hostile.unmatchedEmphasis);
    expect((performance.now() - started) / 20).toBeLessThan(20);
  });

  it('is a field rule of a news body and a terms text, with its code and message', () => {
    const news = NewsText.safeParse({ title: 'Hi', body: hostile.unmatchedEmphasis });
    expect(news.success).toBe(false);
    expect(news.error?.issues.map(fieldIssueOf)).toEqual([
      { path: 'body', message: Messages.markdownTooComplex, code: FIELD.MARKDOWN_TOO_COMPLEX },
    ]);
    expect(NewsText.safeParse({ title: 'Hi', body: '**Hello** _world_\n\n- a\n  - b' }).success).toBe(true);
    const terms = TermsTexts.safeParse({ en: 'Fine', de: hostile.deepQuote });
    expect(terms.error?.issues.map(fieldIssueOf)).toEqual([
      { path: 'de', message: Messages.markdownTooComplex, code: FIELD.MARKDOWN_TOO_COMPLEX },
    ]);
  });

  it('names the limits in its message', () => {
    for (const limit of Object.values(MARKDOWN_LIMITS)) expect(Messages.markdownTooComplex).toContain(limit.toLocaleString('en-US'));
  });
});
