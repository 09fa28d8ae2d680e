import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { BackLink } from '../components/back-link.tsx';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { useNewsManage } from '../api/news.ts';
import { NewsList } from '../components/news-list.tsx';
import { useMayPublishNews } from './news-route.tsx';

/** /connect/news/manage (content.publishNews, ADR 081): the live and scheduled items, each to edit; "Write news". */
export function NewsManageRoute() {
  const t = useT();
  const format = useUserFormat();
  const mayPublish = useMayPublishNews();
  const result = useNewsManage(mayPublish);
  const now = Date.now();
  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to={paths.connect.news}>{t('news.back')}</BackLink>
      <PageHeader
        title={t('news.manage.title')}
        description={t('news.manage.intro')}
        actions={
          <Link to={paths.connect.newsNew} className={buttonClasses('primary')}>
            {t('news.manage.new')}
          </Link>
        }
      />
      <NewsList
        result={result}
        idle={!mayPublish}
        emptyText={t('news.manage.empty')}
        row={(item) => (
          <li key={item.newsId} className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{item.titles.en}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <span>{t('news.published', { date: formatDateTime(item.publishFrom, format) })}</span>
                {Date.parse(item.publishFrom) > now ? (
                  <Badge theme="purple">{t('news.manage.scheduled')}</Badge>
                ) : (
                  <Badge theme="green">{t('news.manage.live')}</Badge>
                )}
                {item.important ? <Badge theme="orange">{t('news.important')}</Badge> : null}
                <span>
                  {t('news.manage.audience')}: {t(`news.editor.audiences.${item.audience.kind}`)}
                </span>
              </p>
            </div>
            <Link to={paths.connect.newsEdit(item.newsId)} className={buttonClasses('secondary')}>
              {t('news.manage.edit')}
            </Link>
          </li>
        )}
      />
    </div>
  );
}
