import { PageHeader } from '../../../components/ui/card.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { useT } from '../../../i18n/index.ts';
import { useSession } from '../../../lib/auth.ts';
import { useAccount } from '../api/account.ts';
import { AccountProfile } from '../components/profile.tsx';

/**
 * My Account of the current portal (/app/my-account, /connect/my-account): the read-only profile of the
 * session signed in on that portal. Password change and MFA set-up arrive with later issues.
 */
export function MyAccountRoute() {
  const t = useT();
  const { status } = useSession();
  const user = status?.user ?? null;
  const account = useAccount(Boolean(user));
  if (!status || !user) return null;
  return (
    <>
      <PageHeader title={t('account.title')} description={t('app.signedInAs', { name: user.username })} />
      {status.passwordExpired ? (
        <Alert theme="red" role="alert" className="mb-6">
          {t('messages.passwordExpired')}
        </Alert>
      ) : null}
      <AccountProfile
        status={status}
        user={user}
        account={account.data}
        accountLoading={account.isLoading}
        accountFailed={Boolean(account.error)}
      />
    </>
  );
}
