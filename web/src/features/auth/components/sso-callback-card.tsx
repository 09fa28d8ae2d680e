import type { Portal } from '@portal/core/shared';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FullPageSpinner } from '../../../components/ui/card.tsx';
import { translateCoreMessage, useT } from '../../../i18n/index.ts';
import { refreshSession } from '../../../lib/auth.ts';
import { portalPaths } from '../../../lib/paths.ts';
import { setLoginResult } from '../../../lib/session.ts';
import { afterLoginPath, loginFailure, loginOutcome, loginResultFailure } from '../model/login-form.ts';
import { claimSsoState, completeSso, readSsoCallback } from '../api/sso.ts';
import { AuthCard } from '../../../components/auth-card.tsx';

type Failure = { kind: 'provider'; error: string } | { kind: 'message'; text: string } | { kind: 'invalid' };

/**
 * The single sign-on callback (SPEC 2 /sso-callback, ADR 009): posts the provider's code and state, then
 * continues like a password sign-in (same landing rules). Failures show in the login card's style, with
 * a link back to the portal's login.
 */
export function SsoCallbackCard({
  portal,
  search,
  onSignedIn,
}: {
  portal: Portal;
  search: string;
  onSignedIn: (destination: string) => void;
}) {
  const t = useT();
  const [failure, setFailure] = useState<Failure | null>(() => {
    const callback = readSsoCallback(search, portal);
    if (callback.kind === 'providerError') return { kind: 'provider', error: callback.description ?? callback.error };
    return callback.kind === 'invalid' ? { kind: 'invalid' } : null;
  });

  useEffect(() => {
    const callback = readSsoCallback(search, portal);
    if (callback.kind !== 'complete' || !claimSsoState(callback.input.state)) return;
    void (async () => {
      try {
        const result = await completeSso(callback.input, portal);
        const outcome = loginOutcome(result);
        if (outcome === 'failed' || outcome === 'mfaCode') {
          setFailure({ kind: 'message', text: loginResultFailure(result).message });
          return;
        }
        setLoginResult(portal, result);
        const status = await refreshSession(portal);
        onSignedIn(afterLoginPath(outcome, status, portal));
      } catch (error) {
        setFailure({ kind: 'message', text: loginFailure(error).message });
      }
    })();
  }, [search, portal, onSignedIn]);

  if (!failure) return <FullPageSpinner label={t('sso.working')} />;
  const text =
    failure.kind === 'provider'
      ? t('sso.providerError', { error: failure.error })
      : failure.kind === 'invalid'
        ? t('sso.invalid')
        : translateCoreMessage(t, failure.text);
  return (
    <AuthCard title={t('sso.title')} backTo={portalPaths(portal).home}>
      <div className="mt-6">
        <Alert theme="red" role="alert" title={t('messages.authenticationFailed')}>
          {text}
        </Alert>
      </div>
    </AuthCard>
  );
}
