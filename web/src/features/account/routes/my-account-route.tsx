import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { portalLanding, useSession } from '../../../lib/auth.ts';
import { usePortal } from '../../../lib/portal.ts';
import { useAccount } from '../api/account.ts';
import { ActiveSessions } from '../components/active-sessions.tsx';
import { MfaSettings } from '../components/mfa-settings.tsx';
import { ChangePasswordDialog } from '../components/on-demand.ts';
import { PasskeysPanel } from '../components/passkeys-panel.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { RegionalSettings } from '../components/regional-settings.tsx';
import { SignInSecurity } from '../components/sign-in-security.tsx';

/**
 * My Account of the current portal (/app/my-account, /connect/my-account): profile, language, password,
 * multi-factor authentication, passkeys (ADR 112) and active sessions of the session signed in on that portal. With an
 * expired password the change-password dialog opens by itself (ADR 011).
 */
export function MyAccountRoute() {
  const t = useT();
  const portal = usePortal();
  const navigate = useNavigate();
  const { status } = useSession();
  const user = status?.user ?? null;
  const expired = status?.passwordExpired === true;
  const account = useAccount(Boolean(user));
  const [changing, setChanging] = useState(expired);

  // Also when the status turns expired while the page is open (a 403 AUTH.PASSWORD_EXPIRED elsewhere).
  useEffect(() => {
    if (expired) setChanging(true);
  }, [expired]);

  if (!status || !user) return null;
  const fullName = [user.firstname, user.surname].filter(Boolean).join(' ');

  const changed = (renewedExpired: boolean) => {
    setChanging(false);
    // A renewed expired password: on to where the session lands now.
    if (renewedExpired) {
      void navigate(portalLanding(portal, { ...status, passwordExpired: false }), { replace: true });
    }
  };

  return (
    <>
      <PageHeader title={t('account.title')} description={<Identity name={fullName || user.username} email={user.email} />} />
      {expired ? (
        <Alert theme="red" role="alert" className="mb-6">
          {t('messages.passwordExpired')}
        </Alert>
      ) : null}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          {account.error ? <Alert theme="red">{t('account.loadFailed')}</Alert> : null}
          {account.data ? (
            <ProfileForm key={account.data.email} user={user} account={account.data} />
          ) : account.isLoading ? (
            <p className="text-sm text-slate-500">{t('app.loading')}</p>
          ) : null}
          <RegionalSettings user={user} />
        </div>
        <div className="space-y-6">
          <SignInSecurity status={status} user={user} onChangePassword={() => setChanging(true)} />
          <MfaSettings status={status} user={user} />
          <PasskeysPanel status={status} timeZone={user.timezone} />
        </div>
        <div className="lg:col-span-2">
          <ActiveSessions timeZone={user.timezone} />
        </div>
      </div>
      {changing ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open expired={expired} onClose={() => setChanging(false)} onChanged={changed} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Who is signed in: name and e-mail address under the page title. */
function Identity({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="font-medium text-slate-800">{name}</span>
      {email ? <span className="text-slate-500"> · {email}</span> : null}
    </>
  );
}
