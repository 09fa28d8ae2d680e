import type { StagedLogo } from '@portal/core/logo';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BrandMark } from '../../../app/shell/brand-mark.tsx';
import { useShellSession } from '../../../app/shell-session.ts';
import { Alert, ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { QueryState } from '../../../components/ui/query-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { StorageUploadError } from '../../../lib/storage-upload.ts';
import { checkFile, saveLogo, stageLogo, useLogo } from '../api/logo.ts';

/** The header as it will look: the same mark the portal header shows, on the header's white bar. */
function HeaderPreview({ logoUrl, alt }: { logoUrl: string; alt: string }) {
  const t = useT();
  const brand = useShellSession()?.brand;
  return (
    <figure className="space-y-2">
      <div className="overflow-hidden rounded-xl ring-1 ring-slate-200">
        <div className="flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4" role="img" aria-label={alt}>
          <BrandMark name={brand?.name ?? t('app.fallbackName')} badge={t('app.portalConnect')} logoUrl={logoUrl} />
        </div>
        <div className="h-10 bg-slate-50" aria-hidden />
      </div>
      <figcaption className="text-sm text-slate-600">{t('logo.previewText')}</figcaption>
    </figure>
  );
}

/** Choose, upload (staged and re-encoded by the server), preview in the header, save. */
function LogoEditor({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [staged, setStaged] = useState<StagedLogo | null>(null);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  /** After a save: applied (null) or the request it was filed as. */
  const [saved, setSaved] = useState<{ requestId: string | null } | null>(null);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setProblem('');
    setSaved(null);
    setStaged(null);
    const checked = checkFile(file);
    if ('problem' in checked) return setProblem(t(`logo.${checked.problem}`, { name: file.name }));
    setPercent(0);
    try {
      setStaged(await stageLogo(file, checked.contentType, (share) => setPercent(Math.round(share * 100))));
    } catch (error) {
      setProblem(`${file.name}: ${error instanceof StorageUploadError ? t('logo.storageFailed') : errorMessage(error)}`);
    } finally {
      setPercent(null);
    }
  };
  const save = async () => {
    if (!staged) return;
    setSaving(true);
    setProblem('');
    try {
      const outcome = await saveLogo(staged.logoId);
      setStaged(null);
      setSaved({ requestId: outcome.outcome === 'filed' ? outcome.requestId : null });
      onSaved();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-4">
      <div>
        {/* The native input's texts follow the browser, not the user's language: a button opens it (as file-upload.tsx). */}
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button
          theme="secondary"
          onClick={() => input.current?.click()}
          disabled={percent !== null || saving}
          aria-describedby={`${id}-rules`}
        >
          {t('logo.choose')}
        </Button>
        <p id={`${id}-rules`} className="mt-2 text-sm text-slate-600">
          {t('logo.rules')}
        </p>
      </div>
      {percent !== null ? (
        <div className="space-y-1">
          <p className="text-sm text-slate-700">{t('logo.uploading', { percent })}</p>
          <ProgressBar percent={percent} label={t('logo.uploading', { percent })} />
        </div>
      ) : null}
      <ProblemAlert problem={problem} />
      {saved?.requestId ? (
        <Alert theme="green">
          {t('logo.filed', { requestId: saved.requestId })}{' '}
          <Link className="font-medium underline" to={paths.connect.request(saved.requestId)}>
            {t('logo.openRequest')}
          </Link>
        </Alert>
      ) : saved ? (
        <Alert theme="green">{t('logo.saved')}</Alert>
      ) : null}
      {staged ? (
        <section aria-labelledby={`${id}-preview`} className="space-y-3">
          <h3 id={`${id}-preview`} className="text-base font-semibold text-slate-900">
            {t('logo.preview')}
          </h3>
          <HeaderPreview logoUrl={staged.urls.header} alt={t('logo.previewAlt')} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void save()} loading={saving}>
              {saving ? t('logo.saving') : t('logo.save')}
            </Button>
            <Button theme="secondary" onClick={() => setStaged(null)} disabled={saving}>
              {t('logo.discard')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** /connect/logo (SPEC 2 "upload logo"; ADR 084): the company's logo; holders of flow.editCompanyAssets change it. */
export function LogoRoute() {
  const t = useT();
  const result = useLogo();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('logo.title')} description={t('logo.intro')} />
      <QueryState result={result} failedMessage={t('logo.loadFailed')} retryLabel={t('logo.retry')} loadingLabel={t('logo.loading')}>
        {(data) => (
          <div className="space-y-6">
            <Card className="space-y-3 p-6">
              <h2 className="text-lg font-semibold text-slate-900">{t('logo.current')}</h2>
              {data.current ? (
                <div className="flex min-h-24 items-center justify-center rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                  <img src={data.current.urls.pdf} alt={t('logo.currentAlt')} className="max-h-20 w-auto max-w-full object-contain" />
                </div>
              ) : (
                <p className="text-sm text-slate-600">{t('logo.none')}</p>
              )}
            </Card>
            <Card className="p-6">
              {data.mayEdit ? (
                <LogoEditor onSaved={() => void result.mutate()} />
              ) : (
                <p className="text-sm text-slate-600">{t('logo.readOnly')}</p>
              )}
            </Card>
          </div>
        )}
      </QueryState>
    </div>
  );
}
