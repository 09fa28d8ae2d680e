import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { useT } from '../../../i18n/index.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { clearActivation, forgetEndedSession, peekActivation } from '../model/activation.ts';
import { RecoveryCodes } from '../components/recovery-codes.tsx';

/**
 * /mfa-activated and /connect/mfa-activated (public): MFA is active and every session has ended. The
 * recovery codes show here once (they live in memory only: a reload shows just 'Log in again').
 */
export function MfaActivatedRoute() {
  const t = useT();
  const portal = usePortal();
  const navigate = useNavigate();
  const [activation] = useState(() => {
    const held = peekActivation();
    return held?.portal === portal ? held : null;
  });
  useEffect(() => {
    clearActivation();
    void forgetEndedSession(portal);
  }, [portal]);
  const login = portalPaths(portal).home;

  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <div className="flex items-start gap-3">
          <CheckCircleIcon className="mt-0.5 size-6 shrink-0 text-green-600" />
          <div>
            <h1 className="text-xl font-semibold text-slate-900">{t('mfaActivated.title')}</h1>
            <p className="mt-1 text-sm text-slate-600">{t('mfaActivated.text')}</p>
          </div>
        </div>
        <div className="mt-6">
          {activation ? (
            <>
              <h2 className="mb-1 text-base font-semibold text-slate-900">{t('recoveryCodes.title')}</h2>
              <p className="mb-4 text-sm text-slate-600">{t('recoveryCodes.intro')}</p>
              <RecoveryCodes
                codes={activation.codes}
                username={activation.username}
                confirmLabel={t('mfaActivated.loginAgain')}
                onConfirm={() => void navigate(login, { replace: true })}
              />
            </>
          ) : (
            <Link to={login} replace className={buttonClasses('primary', true)}>
              {t('mfaActivated.loginAgain')}
            </Link>
          )}
        </div>
      </Card>
    </div>
  );
}
