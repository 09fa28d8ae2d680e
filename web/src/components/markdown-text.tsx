import { keepsMarkdownBounds } from '@portal/core/shared';
import type { ImageReference, LinkReference, List, ListItem, Nodes, Parents, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { createElement, Fragment, type ReactNode } from 'react';
import { safeLinkUrl } from '../lib/safe-url.ts';

/**
 * A supplier's Markdown text (a news body, ADR 081; the terms of use, ADR 086) rendered as React elements: raw
 * HTML is skipped, images are dropped (no third-party requests, nothing the CSP would have to allow), links go
 * only to http(s) and mailto and open with rel="noopener noreferrer". Imported only by lazily loaded screens
 * (News, the terms screen), so the parser is never part of the first load.
 *
 * CommonMark is parsed by micromark (mdast-util-from-markdown), the parser react-markdown runs; the syntax tree
 * becomes elements here, as react-markdown's path through the HTML tree (mdast-util-to-hast, hast-util-to-jsx-runtime)
 * made them, without that path's 15 KB (brotli) on a news item's deep link (ADR 148). `markdown-text.dom.test.tsx`
 * holds the two renderings equal over the syntax CommonMark has.
 */
const linkClass = 'font-medium text-brand-700 underline hover:text-brand-800';
const headings = [
  ['h2', 'mt-4 text-lg font-semibold text-slate-900'],
  ['h3', 'mt-4 text-base font-semibold text-slate-900'],
  ['h4', 'mt-3 font-semibold text-slate-900'],
  ['h4', undefined],
  ['h5', undefined],
  ['h6', undefined],
] as const;

type Definitions = Map<string, { url: string }>;

/** Where the text's link references point: the first definition of each label (as CommonMark resolves them). */
function definitionsOf(root: Root): Definitions {
  const found: Definitions = new Map();
  const visit = (node: Nodes) => {
    if (node.type === 'definition') {
      const id = node.identifier.toUpperCase();
      if (!found.has(id)) found.set(id, { url: node.url });
    }
    if ('children' in node) node.children.forEach(visit);
  };
  visit(root);
  return found;
}

/** Text as the HTML tree carried it: the spaces and tabs around each line ending trimmed. */
const trimLines = (value: string) => value.replace(/[ \t]*(\r?\n|\r)[ \t]*/g, '$1');

/** Blocks separated by line endings (and, in a list or quote, framed by them), as the HTML tree had them. */
function blocks(nodes: ReactNode[], framed: boolean): ReactNode[] {
  const out: ReactNode[] = framed ? ['\n'] : [];
  nodes.forEach((node, index) => out.push(...(index ? ['\n'] : []), node));
  if (framed && nodes.length) out.push('\n');
  return out;
}

function link(url: string, children: ReactNode[]): ReactNode {
  const href = safeLinkUrl(normalizeUri(url));
  if (!href) return createElement('span', null, ...children);
  return createElement(
    'a',
    { href, rel: 'noopener noreferrer', target: href.startsWith('mailto:') ? undefined : '_blank', className: linkClass },
    ...children,
  );
}

/** A reference without a definition stays the text it was written as. */
function reverted(node: LinkReference | ImageReference, children: ReactNode[]): ReactNode[] {
  const suffix = node.referenceType === 'collapsed' ? '][]' : node.referenceType === 'full' ? `][${node.label ?? node.identifier}]` : ']';
  if (node.type === 'imageReference') return [`![${node.alt ?? ''}${suffix}`];
  return ['[', ...children, suffix];
}

const isLoose = (list: List) => Boolean(list.spread) || list.children.some((item) => Boolean(item.spread));

function render(node: Nodes, defs: Definitions, looseList: boolean): ReactNode[] {
  const children = (parent: Parents) => parent.children.flatMap((child: Nodes) => render(child, defs, false));
  switch (node.type) {
    case 'paragraph':
      // A tight list's items hold their paragraphs' content, not the paragraphs.
      return looseList ? [createElement('p', { className: 'mt-3 first:mt-0' }, ...children(node))] : children(node);
    case 'heading': {
      const [tag, className] = headings[node.depth - 1] ?? headings[5];
      return [createElement(tag, { className }, ...children(node))];
    }
    case 'thematicBreak':
      return [createElement('hr')];
    case 'blockquote':
      return [
        createElement(
          'blockquote',
          { className: 'mt-3 border-l-4 border-slate-200 pl-4 text-slate-600' },
          ...blocks(blockChildren(node, defs), true),
        ),
      ];
    case 'list': {
      const loose = isLoose(node);
      const items = node.children.map((item) => createElement('li', null, ...listItem(item, defs, loose)));
      // An ordered list counts from 1 whatever its first number (as the portal's list component always did).
      return [
        node.ordered
          ? createElement('ol', { className: 'mt-3 list-decimal space-y-1 pl-6' }, ...blocks(items, true))
          : createElement('ul', { className: 'mt-3 list-disc space-y-1 pl-6' }, ...blocks(items, true)),
      ];
    }
    case 'code':
      return [createElement('pre', null, createElement('code', { className: codeClass }, node.value ? `${node.value}\n` : ''))];
    case 'inlineCode':
      return [createElement('code', { className: codeClass }, node.value.replace(/\r?\n|\r/g, ' '))];
    case 'text':
      return [trimLines(node.value)];
    case 'emphasis':
      return [createElement('em', null, ...children(node))];
    case 'strong':
      return [createElement('strong', null, ...children(node))];
    case 'break':
      return [createElement('br'), '\n'];
    case 'link':
      return [link(node.url, children(node))];
    case 'linkReference': {
      const definition = defs.get(node.identifier.toUpperCase());
      return definition ? [link(definition.url, children(node))] : reverted(node, children(node));
    }
    case 'imageReference':
      // An image with a definition is dropped like any image; one without stays its text.
      return defs.has(node.identifier.toUpperCase()) ? [] : reverted(node, []);
    default:
      // Images, raw HTML, definitions: nothing shown.
      return [];
  }
}
const codeClass = 'rounded bg-slate-100 px-1 py-0.5 text-sm';

/** A block's children, each a block of its own (a paragraph stays one). */
const blockChildren = (node: Parents, defs: Definitions) => node.children.flatMap((child: Nodes) => render(child, defs, true));

/** A list item's content: a tight list's first paragraph runs on from the bullet, every other block on a line of its own. */
function listItem(item: ListItem, defs: Definitions, loose: boolean): ReactNode[] {
  const out: ReactNode[] = [];
  item.children.forEach((child, index) => {
    const paragraph = child.type === 'paragraph';
    if (loose || index !== 0 || !paragraph) out.push('\n');
    out.push(...render(child, defs, loose));
  });
  const tail = item.children.at(-1);
  if (tail && (loose || tail.type !== 'paragraph')) out.push('\n');
  return out;
}

/**
 * A text beyond the bounds that keep micromark linear (ADR 157: one stored before the rule, or imported around it)
 * is shown as it was typed, whitespace kept, without Markdown: the reader's page never hangs or overflows its stack.
 */
export function MarkdownText({ body }: { body: string }) {
  if (!keepsMarkdownBounds(body)) {
    return <pre className="whitespace-pre-wrap break-words font-sans text-sm leading-6 text-slate-800 sm:text-base">{body}</pre>;
  }
  const root = fromMarkdown(body);
  const defs = definitionsOf(root);
  return (
    <div className="text-sm leading-6 text-slate-800 sm:text-base">
      {createElement(Fragment, null, ...blocks(blockChildren(root, defs), false))}
    </div>
  );
}
