import { useParams } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { BackLink } from '../components/back-link.tsx';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { useNewsItem, useReadAgainAfterOpening } from '../api/news.ts';
import { MarkdownText } from '../../../components/markdown-text.tsx';

/** /connect/news/:newsId: one item in the user's language (else English); opening it marks it read. */
export function NewsItemRoute() {
  const t = useT();
  const format = useUserFormat();
  const newsId = useParams().newsId ?? '';
  const result = useNewsItem(newsId);
  useReadAgainAfterOpening(result.data);
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to={paths.connect.news}>{t('news.back')}</BackLink>
      <QueryState result={result} failedMessage={t('news.itemLoadFailed')} retryLabel={t('news.retry')} loadingLabel={t('news.loading')}>
        {(item) => (
          <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8" lang={item.language}>
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <span>{t('news.published', { date: formatDateTime(item.publishFrom, format) })}</span>
              {item.expireAt ? <span>· {t('news.expires', { date: formatDateTime(item.expireAt, format) })}</span> : null}
              {item.important ? <Badge theme="orange">{t('news.important')}</Badge> : null}
            </div>
            <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{item.title}</h1>
            <div className="mt-5">
              <MarkdownText body={item.body} />
            </div>
            {item.documentId ? (
              <p className="mt-6 border-t border-slate-200 pt-4 text-sm">
                <span className="font-medium text-slate-900">{t('news.document')}: </span>
                <span className="break-all text-slate-700">{item.documentId}</span>
              </p>
            ) : null}
          </article>
        )}
      </QueryState>
    </div>
  );
}
