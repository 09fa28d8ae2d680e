import type { SessionStatus, SessionUser } from '@portal/core/auth';
import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { isReauthFresh } from '../../../lib/reauth.ts';
import { PasswordPrompt, preloadRecoveryCodes, RecoveryCodes } from './on-demand.ts';
import { Row, Rows, Section } from './section.tsx';

/**
 * Multi-factor authentication on My Account: the active method, recovery codes left, set up or switch
 * the method (the set-up page), and new recovery codes (after the current password; shown once, in a
 * dialog).
 */
export function MfaSettings({ status, user }: { status: SessionStatus; user: SessionUser }) {
  const t = useT();
  const portal = usePortal();
  const [confirming, setConfirming] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const active = status.mfaStatus !== 'none';
  const method = { none: t('account.mfaNone'), app: t('account.mfaApp'), email: t('account.mfaEmail') }[status.mfaStatus];
  const left = status.recoveryCodesLeft ?? 0;
  const fresh = confirming && isReauthFresh(status);

  // With the current password, or without right after a sign-in (ADR 055); a refusal stays
  // in the prompt.
  const regenerate = async (password: string) => {
    const { regenerateRecoveryCodes } = await import('../api/mfa.ts');
    setCodes(await regenerateRecoveryCodes(portal, password));
    setConfirming(false);
    await refreshSession(portal).catch(() => undefined);
  };

  return (
    <Section title={t('account.mfa')} hint={active ? undefined : t('account.mfaHint')}>
      <Rows>
        <Row label={t('account.mfaMethod')}>
          <span className={active ? 'font-medium text-green-700' : 'text-slate-500'}>{method}</span>
        </Row>
        {active ? (
          <Row label={t('account.recoveryCodesLeft')}>
            <span className={left <= 3 ? 'font-medium text-orange-700' : undefined}>
              {t('account.recoveryCodesCount', { count: left })}
            </span>
          </Row>
        ) : null}
      </Rows>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Link to={portalPaths(portal).mfaSetup} className={buttonClasses(active ? 'secondary' : 'primary')}>
          {active ? t('account.mfaSwitch') : t('account.mfaSetUp')}
        </Link>
        {active ? (
          <Button
            theme="secondary"
            onClick={() => setConfirming(true)}
            onPointerEnter={preloadRecoveryCodes}
            onFocus={preloadRecoveryCodes}
          >
            {t('account.newRecoveryCodes')}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <Suspense fallback={null}>
          <PasswordPrompt
            open
            onClose={() => setConfirming(false)}
            title={t('account.newRecoveryCodes')}
            confirmLabel={t('account.newRecoveryCodesConfirm')}
            onConfirm={regenerate}
            withoutPassword={fresh}
          >
            <p>{t('account.newRecoveryCodesText')}</p>
            {fresh ? null : <p>{t('account.reauth.hint')}</p>}
          </PasswordPrompt>
        </Suspense>
      ) : null}
      <Dialog open={codes !== null} onClose={() => setCodes(null)} title={t('recoveryCodes.title')} closeLabel={t('common.close')}>
        {codes ? (
          <Suspense fallback={null}>
            <RecoveryCodes codes={codes} username={user.username} confirmLabel={t('recoveryCodes.done')} onConfirm={() => setCodes(null)} />
          </Suspense>
        ) : null}
      </Dialog>
    </Section>
  );
}
