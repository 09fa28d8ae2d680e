import type { Portal } from '@portal/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../i18n/index.ts';
import { type AppKey, activateApp, fetchAppKey, fetchQrCode, groupKey, QR_HEIGHT } from '../api/mfa.ts';
import { SetupCodeForm } from './setup-code-form.tsx';
import { SetupStep } from './setup-step.tsx';

type Pending = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; qr: string; key: AppKey };

/**
 * Authenticator app set-up (SPEC 2 'install the authenticator app, scan a QR code, request a secret
 * code, activate'): the QR code of a new pending secret, the same secret as a key to type, the app's
 * current code, 'Activate'.
 */
export function AppSetup({
  portal,
  onActivated,
}: {
  portal: Portal;
  onActivated: (codes: string[]) => Promise<void>;
}) {
  const t = useT();
  const [pending, setPending] = useState<Pending>({ state: 'loading' });
  const requested = useRef(false);

  // Each QR request makes a new secret: the key must be read after the image, and both only once.
  const load = useCallback(async () => {
    setPending({ state: 'loading' });
    try {
      const qr = await fetchQrCode(portal);
      setPending({ state: 'ready', qr, key: await fetchAppKey(portal) });
    } catch {
      setPending({ state: 'failed' });
    }
  }, [portal]);

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void load();
  }, [load]);

  return (
    <ol className="space-y-6">
      <SetupStep number={1} title={t('mfaSetup.app.installTitle')}>
        <p>{t('mfaSetup.app.installText')}</p>
      </SetupStep>
      <SetupStep number={2} title={t('mfaSetup.app.scanTitle')}>
        <p>{t('mfaSetup.app.scanText')}</p>
        {pending.state === 'loading' ? (
          <div
            className="flex items-center justify-center rounded-xl bg-slate-50 ring-1 ring-slate-200"
            style={{ width: QR_HEIGHT, height: QR_HEIGHT }}
          >
            <Spinner className="size-6 text-slate-400" />
            <span className="sr-only">{t('app.loading')}</span>
          </div>
        ) : null}
        {pending.state === 'failed' ? (
          <Alert theme="red" role="alert">
            <p>{t('mfaSetup.app.qrFailed')}</p>
            <Button theme="secondary" className="mt-2" onClick={() => void load()}>
              {t('mfaSetup.app.retry')}
            </Button>
          </Alert>
        ) : null}
        {pending.state === 'ready' ? <PendingSecret qr={pending.qr} appKey={pending.key} /> : null}
      </SetupStep>
      <SetupStep number={3} title={t('mfaSetup.app.codeTitle')}>
        <p>{t('mfaSetup.app.codeText')}</p>
        <SetupCodeForm
          label={t('mfaSetup.app.codeLabel')}
          onActivate={async (code) => onActivated(await activateApp(portal, code))}
        />
      </SetupStep>
    </ol>
  );
}

/** The QR code and, for typing, the same secret in groups of four. */
function PendingSecret({ qr, appKey }: { qr: string; appKey: AppKey }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <img
        src={qr}
        width={QR_HEIGHT}
        height={QR_HEIGHT}
        alt={t('mfaSetup.app.qrAlt')}
        className="shrink-0 rounded-xl bg-white p-2 ring-1 ring-slate-200"
      />
      <div className="min-w-0 space-y-2">
        <p className="font-medium text-slate-800">{t('mfaSetup.app.manualTitle')}</p>
        <p>{t('mfaSetup.app.manualText')}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-slate-500">{t('mfaSetup.app.key')}</dt>
          <dd>
            <code
              data-secret={appKey.secret}
              className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm tracking-wider text-slate-900"
            >
              {groupKey(appKey.secret)}
            </code>
          </dd>
          <dt className="text-slate-500">{t('mfaSetup.app.account')}</dt>
          <dd className="break-all text-slate-900">{appKey.account}</dd>
          <dt className="text-slate-500">{t('mfaSetup.app.issuer')}</dt>
          <dd className="text-slate-900">{appKey.issuer}</dd>
          <dt className="text-slate-500">{t('mfaSetup.app.type')}</dt>
          <dd className="text-slate-900">{t('mfaSetup.app.typeValue')}</dd>
        </dl>
      </div>
    </div>
  );
}
