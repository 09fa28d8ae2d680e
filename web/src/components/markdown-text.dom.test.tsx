import Markdown, { type Components } from 'react-markdown';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { safeLinkUrl } from '../lib/safe-url.ts';
import { MarkdownText } from './markdown-text.tsx';

/**
 * MarkdownText renders the syntax tree itself (ADR 148) where it once ran react-markdown: this holds the two equal.
 * The reference is react-markdown with the options and components MarkdownText had (skipHtml, no images, the safe
 * link URLs, the portal's classes). Compared as markup, with the line breaks between blocks (whitespace React
 * renders but the page does not show) and React's text separators taken out.
 */
const components: Components = {
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        rel="noopener noreferrer"
        target={href.startsWith('mailto:') ? undefined : '_blank'}
        className="font-medium text-brand-700 underline hover:text-brand-800"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  h1: ({ children }) => <h2 className="mt-4 text-lg font-semibold text-slate-900">{children}</h2>,
  h2: ({ children }) => <h3 className="mt-4 text-base font-semibold text-slate-900">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-3 font-semibold text-slate-900">{children}</h4>,
  p: ({ children }) => <p className="mt-3 first:mt-0">{children}</p>,
  ul: ({ children }) => <ul className="mt-3 list-disc space-y-1 pl-6">{children}</ul>,
  ol: ({ children }) => <ol className="mt-3 list-decimal space-y-1 pl-6">{children}</ol>,
  blockquote: ({ children }) => <blockquote className="mt-3 border-l-4 border-slate-200 pl-4 text-slate-600">{children}</blockquote>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 text-sm">{children}</code>,
};
const reference = (body: string) =>
  renderToStaticMarkup(
    <div className="text-sm leading-6 text-slate-800 sm:text-base">
      <Markdown skipHtml disallowedElements={['img']} unwrapDisallowed urlTransform={safeLinkUrl} components={components}>
        {body}
      </Markdown>
    </div>,
  );
const normalise = (html: string) =>
  html
    .replaceAll('<!-- -->', '')
    .replace(/>\n+</g, '><')
    .replace(/\n+<\//g, '</')
    .replace(/>\n+/g, '>');

const SAMPLES: Record<string, string> = {
  'the demo news item': `The connect portal is **live**. Here you find your transactions, reports and requests.\n\n- Serial numbers and their status\n- Reports, sent by mail when you want them\n\nQuestions? Write to [support](mailto:support@demo.example).`,
  emphasis: 'Reports now open on the *General reports* tab, __strong__, ***both***, `code  with\nbreak`.',
  headings: '# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n\nSetext\n===\n\nOther\n---',
  'line breaks and trimmed lines': 'first line  \nsecond line\\\nthird   \n   fourth\tline\n\tfifth',
  'tight and loose lists':
    '- a\n- b\n  - nested\n  - more\n\n1. one\n2. two\n\n3) three\n\n- loose\n\n- items\n\n  second paragraph\n\n7. start at seven\n8. eight',
  'a list item with a code block': '- item\n\n      code in item\n\n- > quoted in item',
  'quotes and rules': '> quoted\n> text\n>\n> > nested\n\n***\n\n---\n\nafter',
  'code blocks': '```js extra\nconst a = 1;\n```\n\n    indented\n    code\n\n```\n```\n\n~~~\ntilde\n~~~',
  'links, safe and unsafe':
    '[web](https://example.com/a b "title") [mail](mailto:x@y.z) [js](javascript:alert(1)) [rel](/relative) [data](data:text/html,x) <https://auto.link/ü> [umlaut](https://example.com/ä?q=1&r=%20)',
  references:
    '[full][ref] [collapsed][] [shortcut] [missing][nope] [Ref] ![img][ref] ![gone][none]\n\n[ref]: https://example.com/ref\n[collapsed]: https://example.com/collapsed "t"\n[shortcut]: <https://example.com/s c>\n[REF]: https://example.com/second',
  'images and html':
    'before ![alt text](https://example.com/i.png) after <b>bold</b> <script>x</script>\n\n<div>\nblock html\n</div>\n\nend',
  entities: '&amp; &copy; &#123; &#x41; &nope; \\*not emphasis\\* 5 < 6 > 4',
  'empty and blank': '',
  whitespace: '   \n\n  \n',
};

describe('MarkdownText', () => {
  it.each(Object.entries(SAMPLES))('renders %s as react-markdown did', (_name, body) => {
    expect(normalise(renderToStaticMarkup(<MarkdownText body={body} />))).toBe(normalise(reference(body)));
  });

  it('links only to http(s) and mailto, in a new tab for the web', () => {
    const html = renderToStaticMarkup(<MarkdownText body="[a](https://x.example) [b](mailto:b@x.example) [c](javascript:alert(1))" />);
    expect(html).toContain('href="https://x.example" rel="noopener noreferrer" target="_blank"');
    expect(html).toContain('href="mailto:b@x.example" rel="noopener noreferrer" class=');
    expect(html).toContain('<span>c</span>');
  });

  it.each([
    ['unmatched emphasis (a minute of parsing)', '*a '.repeat(3300) + 'a* '.repeat(3300)],
    ['900 lines of 10-deep lists', Array.from({ length: 900 }, () => `${'- '.repeat(10)}a`).join('\n')],
    ['1,000 nested quotes (a stack overflow)', `${'> '.repeat(1000)}x`],
    ['1,000 nested list items', `${'- '.repeat(1000)}x`],
  ])('shows a stored text beyond the Markdown bounds as plain text, at once: %s (ADR 157)', (_name, body) => {
    const started = performance.now();
    const html = renderToStaticMarkup(<MarkdownText body={body} />);
    expect(performance.now() - started).toBeLessThan(500);
    expect(html).toMatch(/^<pre class="whitespace-pre-wrap[^"]*">/);
    expect(html).not.toMatch(/<(em|strong|ul|li|blockquote|p)\b/);
    expect(html.replace(/<[^>]+>/g, '').replaceAll('&gt;', '>')).toBe(body);
  });

  it('renders a text at the bounds as Markdown', () => {
    const html = renderToStaticMarkup(<MarkdownText body={`${'> '.repeat(10)}*deep*`} />);
    expect(html.match(/<blockquote/g)).toHaveLength(10);
    expect(html).toContain('<em>deep</em>');
  });
});
