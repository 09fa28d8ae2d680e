import { AuthCard } from '../../../components/auth-card.tsx';
import { TokenAction, useQueryToken } from '../../../components/token-action.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { usePortal } from '../../../lib/portal.ts';
import { confirmEmailChange } from '../api/account.ts';

/**
 * /confirm-email?token=… — the link mailed to a new e-mail address (ADR 017). Public: it may be
 * opened in any browser. The address changes on the button, not on opening, so a mail scanner that
 * fetches links cannot confirm it. Success names the new address; a used, replaced or expired link
 * says so and where to ask for a new one.
 */
export function ConfirmEmailRoute() {
  const t = useT();
  const portal = usePortal();
  const token = useQueryToken();
  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      <AuthCard title={t('confirmEmail.title')} backTo={paths.home}>
        <TokenAction
          token={token}
          run={(value) => confirmEmailChange(portal, value)}
          texts={{
            intro: t('confirmEmail.intro'),
            confirm: t('confirmEmail.confirm'),
            doneTitle: t('confirmEmail.doneTitle'),
            doneText: (email) => t('confirmEmail.doneText', { email }),
            invalidTitle: t('confirmEmail.invalidTitle'),
            invalidText: t('confirmEmail.invalidText'),
          }}
        />
      </AuthCard>
    </div>
  );
}
