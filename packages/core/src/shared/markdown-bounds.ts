/**
 * The bounds a stored Markdown text (a news body, ADR 081; the terms of use, ADR 086) keeps so that every reader's
 * browser parses it in linear time and shallow recursion (ADR 157). micromark, the parser the web runs, is
 * super-linear in a few shapes that fit easily in 20,000 characters: emphasis delimiter runs (`*`, `_`) that find
 * no partner (each one looks back over all the open ones), list items opened on the same line inside each other,
 * many lines (setext underlines, items), nesting depth (a thousand `>` or `-` overflow the stack), and, linear but
 * costly per token, links, escapes, entities, HTML and code spans. The figures below were measured
 * (scripts/bench/markdown-worst-case.ts, docs/benchmarks.md): the worst text inside all of them parses in about
 * 0.2 s where the hostile ones took a minute or crashed.
 *
 * The check is one pass over the characters (no parse): it over-counts rather than under-counts (a `-` list
 * marker in a code block counts, indentation counts as depth), so it can only refuse a text that is near a
 * bound anyway; every realistic text (the seeded news and terms, a long README, lists 4 deep) stays far below.
 */
export const MARKDOWN_LIMITS = {
  /** Line endings + 1. */
  lines: 800,
  /** List item markers (`-`, `+`, `*`, `1.`, `1)` opening a line or following another marker on it). */
  listItems: 400,
  /** Lists and quotes inside each other on one line: its `>` and list markers, plus one per 2 columns of indentation. */
  depth: 10,
  /** Runs of `*` or `_` that are not a list marker (each run may open or close emphasis). */
  emphasisRuns: 1_000,
  /** Link and image brackets `[`, backslash escapes, `<` (HTML, autolinks), `&` (entities) and backtick runs: each a token micromark tries. */
  inlineMarks: 2_000,
} as const;
export type MarkdownBound = keyof typeof MARKDOWN_LIMITS;

export interface MarkdownExcess {
  bound: MarkdownBound;
  found: number;
  limit: number;
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 62; // >
const STAR = 42;
const UNDERSCORE = 95;
const BACKTICK = 96;
/** `[`, `\\`, `<`, `&`. */
const isInlineMark = (c: number) => c === 91 || c === 92 || c === 60 || c === 38;
const isBlank = (c: number) => c === SPACE || c === TAB;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Where a list marker starting at `at` ends (the index of the blank after it), or -1 when none starts there. */
function listMarkerEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === 45 || c === 43 || c === STAR) return isBlank(text.charCodeAt(at + 1)) ? at + 1 : -1; // - + *
  let i = at;
  while (isDigit(text.charCodeAt(i)) && i - at < 9) i++;
  if (i === at) return -1;
  const delimiter = text.charCodeAt(i);
  return (delimiter === 46 || delimiter === 41) && isBlank(text.charCodeAt(i + 1)) ? i + 1 : -1; // . )
}

/** The counts the bounds are about, from one pass over the text. */
export function markdownCounts(text: string): Record<MarkdownBound, number> {
  const counts = { lines: 1, listItems: 0, depth: 0, emphasisRuns: 0, inlineMarks: 0 };
  const n = text.length;
  let i = 0;
  while (i < n) {
    // The line's container prefix: blanks, `>` and list markers.
    let markers = 0;
    let columns = 0;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === SPACE) {
        columns += 1;
        i += 1;
      } else if (c === TAB) {
        columns += 4;
        i += 1;
      } else if (c === QUOTE) {
        markers += 1;
        i += isBlank(text.charCodeAt(i + 1)) ? 2 : 1;
      } else {
        const end = listMarkerEnd(text, i);
        if (end < 0) break;
        markers += 1;
        counts.listItems += 1;
        i = end + 1;
      }
    }
    if (markers) counts.depth = Math.max(counts.depth, markers + Math.floor(columns / 2));
    // The rest of the line: runs of * or _, inline marks.
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === LF || c === CR) break;
      i += 1;
      if (c === STAR || c === UNDERSCORE) {
        counts.emphasisRuns += 1;
        while (text.charCodeAt(i) === c) i += 1;
      } else if (c === BACKTICK) {
        counts.inlineMarks += 1;
        while (text.charCodeAt(i) === c) i += 1;
      } else if (isInlineMark(c)) counts.inlineMarks += 1;
    }
    if (i < n) {
      counts.lines += 1;
      i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    }
  }
  return counts;
}

/** The first bound a text exceeds (lines, depth, list items, emphasis runs, inline marks), or null when it keeps all of them. */
export function markdownExcess(text: string): MarkdownExcess | null {
  const counts = markdownCounts(text);
  for (const bound of ['lines', 'depth', 'listItems', 'emphasisRuns', 'inlineMarks'] as const) {
    if (counts[bound] > MARKDOWN_LIMITS[bound]) return { bound, found: counts[bound], limit: MARKDOWN_LIMITS[bound] };
  }
  return null;
}

/** Whether a text keeps the bounds (the write-time rule and the reader's guard, ADR 157). */
export const keepsMarkdownBounds = (text: string): boolean => markdownExcess(text) === null;
