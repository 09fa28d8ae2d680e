import { termsLanguageOf } from '@portal/core/shared';
import { useState } from 'react';
import { MarkdownText } from '../../../components/markdown-text.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, FullPageSpinner } from '../../../components/ui/card.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { useLocale, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePortal } from '../../../lib/portal.ts';
import { acceptTermsOfUse, useTermsOfUse } from '../api/terms.ts';

/**
 * The terms of use to accept before the portal (ADR 086): shown by the auth guard in place of the screen the
 * user asked for, which opens as soon as the acceptance is stored (the URL never changes). Loaded lazily with
 * its Markdown renderer; the text is the brand's current version in the screen's language, else English.
 */
export function TermsScreen({ brandName, onLogout, landmark }: { brandName: string; onLogout: () => void; landmark: boolean }) {
  const t = useT();
  const portal = usePortal();
  const locale = useLocale();
  const { data, error, mutate } = useTermsOfUse(portal, termsLanguageOf(locale));
  const [accepting, setAccepting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function accept(version: number) {
    setAccepting(true);
    setProblem(null);
    try {
      await acceptTermsOfUse(portal, version);
    } catch (failure) {
      setProblem(errorMessage(failure));
      await mutate();
    } finally {
      setAccepting(false);
    }
  }

  // The page's main landmark where no shell is around it (ordering: the guard stands in for the whole shell).
  const Region = landmark ? 'main' : 'div';
  return (
    <Region
      id={landmark ? 'main' : undefined}
      className={`mx-auto flex w-full max-w-3xl flex-col ${landmark ? 'min-h-screen px-4 py-8 sm:px-6 sm:py-12' : ''}`}
    >
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('termsOfUse.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('termsOfUse.intro', { brand: brandName })}</p>
      {error ? (
        <LoadFailed
          className="mt-6"
          message={t('termsOfUse.loadFailed')}
          retryLabel={t('termsOfUse.retry')}
          onRetry={() => void mutate()}
          error={error}
        />
      ) : !data ? (
        <FullPageSpinner label={t('termsOfUse.loading')} />
      ) : (
        <Card className="mt-6 flex flex-col">
          <p className="border-b border-slate-200 px-4 py-3 text-xs text-slate-500 sm:px-6">
            {t('termsOfUse.version', { version: data.version, date: new Date(data.publishedAt).toLocaleDateString(locale) })}
          </p>
          <div
            className="max-h-[60vh] overflow-y-auto px-4 py-4 sm:px-6"
            // Scrollable: reachable by keyboard, and named for screen readers (WCAG 2.1.1).
            tabIndex={0}
            role="region"
            aria-label={t('termsOfUse.textLabel')}
            lang={data.language}
          >
            <MarkdownText body={data.markdown} />
          </div>
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-4 py-4 sm:flex-row sm:items-center sm:justify-end sm:px-6">
            <Button theme="secondary" onClick={onLogout}>
              {t('termsOfUse.logout')}
            </Button>
            <Button loading={accepting} onClick={() => void accept(data.version)}>
              {t('termsOfUse.accept')}
            </Button>
          </div>
          {problem ? (
            <Alert theme="red" role="alert" className="mx-4 mb-4 sm:mx-6">
              {problem}
            </Alert>
          ) : null}
        </Card>
      )}
    </Region>
  );
}
