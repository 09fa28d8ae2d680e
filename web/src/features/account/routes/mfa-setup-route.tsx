import { MfaState } from '@portal/core/auth';
import { useReducer, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { useSessionState } from '../../../lib/session.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { finishActivation } from '../model/activation.ts';
import { type AppKey, newAppSecret, type SetupMethod, setupPurpose, setupReducer, startEmailMfa } from '../api/mfa.ts';
import type { Authorize } from '../api/use-mfa-setup.ts';
import { isReauthFresh, needsPassword } from '../../../lib/reauth.ts';
import { AppSetup } from '../components/app-setup.tsx';
import { EmailSetup } from '../components/email-setup.tsx';
import { MethodChoice } from '../components/method-choice.tsx';
import { PasswordPrompt } from '../../../components/password-prompt.tsx';

/**
 * /app/my-account/mfa and /connect/my-account/mfa — the multi-factor set-up page (SPEC 2): choose the
 * authenticator app or e-mail codes, set it up, activate. Activation ends every session (ADR 012): the
 * recovery codes and 'Log in again' follow on the public 'MFA activated' page.
 * Choosing a method asks for the current password first (ADR 017): the prompt's request makes the new
 * secret or sends the e-mailed code, and the password stays in this page's memory for the activation.
 * Right after a sign-in (the status's `reauthUntil`, ADR 055) there is no prompt: the sign-in counts. Should
 * the window close before 'Activate', the server asks for the password and the page prompts for it then.
 */
export function MfaSetupRoute() {
  const t = useT();
  const portal = usePortal();
  const navigate = useNavigate();
  const { status } = useSession();
  const { loginResult } = useSessionState();
  const [state, dispatch] = useReducer(setupReducer, { step: 'choose' });
  const [prompt, setPrompt] = useState<SetupMethod | null>(null);
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [retry, setRetry] = useState<RetryPrompt | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [appSecret, setAppSecret] = useState<{ qr: string; key: AppKey } | null>(null);
  const user = status?.user;
  if (!status || !user) return null;

  const purpose = setupPurpose(status.mfaStatus, loginResult?.response.mfa === MfaState.mustBeSetUp);
  const onActivated = (codes: string[]) =>
    finishActivation({ portal, username: user.username, codes }, (to, options) => navigate(to, options));
  const start = async (method: SetupMethod, currentPassword: string | undefined) => {
    if (method === 'app') setAppSecret(await newAppSecret(portal, currentPassword));
    else await startEmailMfa(portal, currentPassword, false);
    setPassword(currentPassword);
    setPrompt(null);
    dispatch({ type: 'choose', method });
    if (method === 'email') dispatch({ type: 'codeSent' });
  };
  /** Without a prompt while the sign-in is fresh; with one otherwise, or when the server wants it after all. */
  const choose = async (method: SetupMethod) => {
    setStartError(null);
    if (!isReauthFresh(status)) {
      setPrompt(method);
      return;
    }
    if (starting) return;
    setStarting(true);
    try {
      await start(method, undefined);
    } catch (error) {
      if (needsPassword(error)) setPrompt(method);
      else setStartError(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };
  const authorize = authorizeWith(password, setPassword, setRetry);
  const back = () => {
    setPassword(undefined);
    setAppSecret(null);
    dispatch({ type: 'back' });
  };
  const heading = (title: string) => (
    <div className="mb-5 flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <Button theme="text" className="-ml-3 sm:ml-0" onClick={back}>
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
            {startError ? (
              <Alert theme="red" role="alert" className="mb-4">
                {startError}
              </Alert>
            ) : null}
            <MethodChoice current={status.mfaStatus} onChoose={(method) => void choose(method)} />
          </>
        ) : null}
        {state.step === 'app' && appSecret ? (
          <>
            {heading(t('mfaSetup.methodApp'))}
            <AppSetup portal={portal} authorize={authorize} secret={appSecret} onActivated={onActivated} />
          </>
        ) : null}
        {state.step === 'email' ? (
          <>
            {heading(t('mfaSetup.methodEmail'))}
            <EmailSetup
              portal={portal}
              email={user.email}
              authorize={authorize}
              codeSent={state.codeSent}
              onCodeSent={() => dispatch({ type: 'codeSent' })}
              onActivated={onActivated}
            />
          </>
        ) : null}
      </Card>
      <p className="mt-4 text-sm text-slate-500">{t('mfaSetup.sessionsEnd')}</p>
      <PasswordPrompt
        open={prompt !== null}
        onClose={() => setPrompt(null)}
        title={prompt === 'email' ? t('mfaSetup.methodEmail') : t('mfaSetup.methodApp')}
        confirmLabel={prompt === 'email' ? t('mfaSetup.email.send') : t('account.reauth.continue')}
        onConfirm={(currentPassword) => start(prompt!, currentPassword)}
      >
        <p>{purpose === 'required' ? t('account.reauth.afterSignIn') : t('account.reauth.hint')}</p>
        {prompt === 'email' ? <p>{t('mfaSetup.email.sendText', { email: user.email })}</p> : null}
      </PasswordPrompt>
      <PasswordPrompt
        open={retry !== null}
        onClose={() => retry?.cancel()}
        title={state.step === 'email' ? t('mfaSetup.methodEmail') : t('mfaSetup.methodApp')}
        confirmLabel={t('account.reauth.continue')}
        onConfirm={(typed) => retry!.run(typed)}
      >
        <p>{t('account.reauth.hint')}</p>
      </PasswordPrompt>
    </div>
  );
}

type RetryPrompt = { run: (password: string) => Promise<void>; cancel: () => void };

/** Calls with the password known so far; when the server wants it (again), prompts and retries with the typed one. */
function authorizeWith(
  password: string | undefined,
  setPassword: (password: string) => void,
  setRetry: (retry: RetryPrompt | null) => void,
): Authorize {
  return <T,>(call: (password: string | undefined) => Promise<T>) =>
    call(password).catch(
      (error: unknown) =>
        new Promise<T>((resolve, reject) => {
          if (!needsPassword(error)) {
            reject(error);
            return;
          }
          setRetry({
            run: async (typed) => {
              const result = await call(typed);
              setPassword(typed);
              setRetry(null);
              resolve(result);
            },
            cancel: () => {
              setRetry(null);
              reject(error);
            },
          });
        }),
    );
}
