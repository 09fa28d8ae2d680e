import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card, FullPageSpinner, PageHeader } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ClockIcon, ExternalLinkIcon, ShieldIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { EXTERNAL_LINK, QUESTIONNAIRE_MINUTES, questionnaireLink } from '../model/questionnaire.ts';

/**
 * /app/questionnaire (SPEC 1, ADR 015): what the 'Evaluate our service' questionnaire is — anonymous,
 * about 3 to 5 minutes — and a button that opens it in a new tab. `url` is the brand's setting
 * (undefined while the brand is loading, null when it has none).
 */
export function QuestionnairePage({ url }: { url: string | null | undefined }) {
  const t = useT();
  if (url === undefined) return <FullPageSpinner label={t('questionnaire.loading')} />;
  const href = questionnaireLink(url);
  if (!href) {
    return (
      <EmptyState
        icon={<StarIcon className="size-6" />}
        title={t('questionnaire.unavailableTitle')}
        text={t('questionnaire.unavailableText')}
      />
    );
  }
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('questionnaire.title')} description={t('questionnaire.intro')} />
      <Card className="p-5 sm:p-6">
        <ul className="space-y-4">
          <li className="flex gap-3">
            <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <ShieldIcon className="size-5" />
            </span>
            <div>
              <p className="font-medium text-slate-900">{t('questionnaire.anonymousTitle')}</p>
              <p className="text-sm text-slate-600">{t('questionnaire.anonymousText')}</p>
            </div>
          </li>
          <li className="flex gap-3">
            <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <ClockIcon className="size-5" />
            </span>
            <div>
              <p className="font-medium text-slate-900">{t('questionnaire.durationTitle', QUESTIONNAIRE_MINUTES)}</p>
              <p className="text-sm text-slate-600">{t('questionnaire.durationText')}</p>
            </div>
          </li>
        </ul>
        <div className="mt-6 border-t border-slate-100 pt-5">
          <a href={href} {...EXTERNAL_LINK} className={`${buttonClasses('primary')} w-full sm:w-auto`}>
            {t('questionnaire.open')}
            <ExternalLinkIcon className="size-4" />
            <span className="sr-only"> {t('questionnaire.opensInNewTab')}</span>
          </a>
        </div>
      </Card>
    </div>
  );
}
