import { MfaState } from '@portal/core';
import { useReducer } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { useSessionState } from '../../../lib/session.ts';
import { finishActivation } from '../api/activation.ts';
import { setupPurpose, setupReducer } from '../api/mfa.ts';
import { AppSetup } from '../components/app-setup.tsx';
import { EmailSetup } from '../components/email-setup.tsx';
import { MethodChoice } from '../components/method-choice.tsx';

/**
 * /app/my-account/mfa and /connect/my-account/mfa — the multi-factor set-up page (SPEC 2): choose the
 * authenticator app or e-mail codes, set it up, activate. Activation ends every session (ADR 012): the
 * recovery codes and 'Log in again' follow on the public 'MFA activated' page.
 */
export function MfaSetupRoute() {
  const t = useT();
  const portal = usePortal();
  const navigate = useNavigate();
  const { status } = useSession();
  const { loginResult } = useSessionState();
  const [state, dispatch] = useReducer(setupReducer, { step: 'choose' });
  const user = status?.user;
  if (!status || !user) return null;

  const purpose = setupPurpose(status.mfaStatus, loginResult?.response.mfa === MfaState.mustBeSetUp);
  const onActivated = (codes: string[]) =>
    finishActivation({ portal, username: user.username, codes }, (to, options) => navigate(to, options));
  const heading = (title: string) => (
    <div className="mb-5 flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <Button theme="text" className="-ml-3 sm:ml-0" onClick={() => dispatch({ type: 'back' })}>
        {t('mfaSetup.otherMethod')}
      </Button>
    </div>
  );

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t('mfaSetup.title')}
        description={t(`mfaSetup.purpose.${purpose}`)}
        actions={
          <Link to={portalPaths(portal).myAccount} className="text-sm font-medium text-brand-700 hover:underline">
            {t('mfaSetup.backToAccount')}
          </Link>
        }
      />
      {purpose === 'required' ? (
        <Alert theme="orange" role="alert" className="mb-6">
          {t('mfaSetup.requiredNotice')}
        </Alert>
      ) : null}
      <Card className="p-5 sm:p-6">
        {state.step === 'choose' ? (
          <>
            <h2 className="mb-4 text-base font-semibold text-slate-900">{t('mfaSetup.chooseTitle')}</h2>
            <MethodChoice current={status.mfaStatus} onChoose={(method) => dispatch({ type: 'choose', method })} />
          </>
        ) : null}
        {state.step === 'app' ? (
          <>
            {heading(t('mfaSetup.methodApp'))}
            <AppSetup portal={portal} onActivated={onActivated} />
          </>
        ) : null}
        {state.step === 'email' ? (
          <>
            {heading(t('mfaSetup.methodEmail'))}
            <EmailSetup
              portal={portal}
              email={user.email}
              codeSent={state.codeSent}
              onCodeSent={() => dispatch({ type: 'codeSent' })}
              onActivated={onActivated}
            />
          </>
        ) : null}
      </Card>
      <p className="mt-4 text-sm text-slate-500">{t('mfaSetup.sessionsEnd')}</p>
    </div>
  );
}
