import type { Portal } from '@portal/core/shared';
import { useT } from '../../../i18n/index.ts';
import { type AppKey, groupKey, QR_HEIGHT } from '../api/mfa.ts';
import { type Authorize, useActivateMfa } from '../api/use-mfa-setup.ts';
import { SetupCodeForm } from './setup-code-form.tsx';
import { SetupStep } from './setup-step.tsx';

/**
 * Authenticator app set-up (SPEC 2 'install the authenticator app, scan a QR code, request a secret
 * code, activate'): the QR code of the new pending secret the page made after the password prompt, the
 * same secret as a key to type, the app's current code, 'Activate' (ADR 017; with the password).
 */
export function AppSetup({
  portal,
  authorize,
  secret,
  onActivated,
}: {
  portal: Portal;
  /** Runs a request with the current password, or without right after a sign-in (ADR 055). */
  authorize: Authorize;
  secret: { qr: string; key: AppKey };
  onActivated: (codes: string[]) => Promise<void>;
}) {
  const t = useT();
  const activation = useActivateMfa(portal, 'app', authorize, onActivated);
  return (
    <ol className="space-y-6">
      <SetupStep number={1} title={t('mfaSetup.app.installTitle')}>
        <p>{t('mfaSetup.app.installText')}</p>
      </SetupStep>
      <SetupStep number={2} title={t('mfaSetup.app.scanTitle')}>
        <p>{t('mfaSetup.app.scanText')}</p>
        <PendingSecret qr={secret.qr} appKey={secret.key} />
      </SetupStep>
      <SetupStep number={3} title={t('mfaSetup.app.codeTitle')}>
        <p>{t('mfaSetup.app.codeText')}</p>
        <SetupCodeForm label={t('mfaSetup.app.codeLabel')} activation={activation} />
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
