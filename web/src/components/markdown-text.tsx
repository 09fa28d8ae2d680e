import Markdown, { type Components } from 'react-markdown';
import { safeLinkUrl } from '../lib/safe-url.ts';

/**
 * A supplier's Markdown text (a news body, ADR 081; the terms of use, ADR 086) rendered as React elements: raw
 * HTML is skipped (no rehype-raw), images are dropped (their alt text stays: no third-party requests, nothing the
 * CSP would have to allow), links go only to http(s) and mailto and open with rel="noopener noreferrer". Imported
 * only by lazily loaded screens (News, the terms screen), so react-markdown is never part of the first load.
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

export function MarkdownText({ body }: { body: string }) {
  return (
    <div className="text-sm leading-6 text-slate-800 sm:text-base">
      <Markdown skipHtml disallowedElements={['img']} unwrapDisallowed urlTransform={safeLinkUrl} components={components}>
        {body}
      </Markdown>
    </div>
  );
}
