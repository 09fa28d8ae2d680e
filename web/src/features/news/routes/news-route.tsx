import { hasModulePermission } from '@portal/core/auth';
import type { NewsSummary } from '@portal/core/news';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { paths } from '../../../lib/paths.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { useNewsList } from '../api/news.ts';
import { NewsList } from '../components/news-list.tsx';

/** Whether the session may write news (content.publishNews, ADR 081). */
export const useMayPublishNews = () => hasModulePermission(useSession().status?.user?.modules, 'content', 'publishNews', false);

function NewsRow({ item }: { item: NewsSummary }) {
  const t = useT();
  const format = useUserFormat();
  return (
    <li>
      <Link
        to={paths.connect.newsItem(item.newsId)}
        className="flex items-start gap-3 px-4 py-4 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-6"
        lang={item.language}
      >
        <span
          aria-hidden
          className={`mt-2 size-2.5 shrink-0 rounded-full ${item.read ? 'bg-transparent ring-1 ring-slate-300' : 'bg-brand-600'}`}
        />
        <span className="min-w-0 flex-1">
          <span className={`block text-base ${item.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>{item.title}</span>
          <span className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span>{t('news.published', { date: formatDateTime(item.publishFrom, format) })}</span>
            {item.important ? <Badge theme="orange">{t('news.important')}</Badge> : null}
            {item.read ? null : <Badge theme="blue">{t('news.unread')}</Badge>}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** /connect/news (SPEC 1, 2, 7, 8): the news meant for the user, newest first, unread ones marked. */
export function NewsRoute() {
  const t = useT();
  const result = useNewsList();
  const mayPublish = useMayPublishNews();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t('news.title')}
        description={result.data?.unread ? `${t('news.intro')} ${t('news.unreadCount', { count: result.data.unread })}` : t('news.intro')}
        actions={
          mayPublish ? (
            <Link to={paths.connect.newsManage} className={buttonClasses('secondary')}>
              {t('news.manage.title')}
            </Link>
          ) : undefined
        }
      />
      <NewsList result={result} emptyText={t('news.empty.text')} row={(item) => <NewsRow key={item.newsId} item={item} />} />
    </div>
  );
}
