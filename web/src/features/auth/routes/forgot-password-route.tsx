import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { resetTokenOf } from '../api/forgot-password.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/**
 * /forgot-password: asks for the e-mail address or username; opened from the e-mailed link
 * (`?token=…`) it shows the new-password form instead.
 */
export function ForgotPasswordRoute() {
  const t = useT();
  const { search } = useLocation();
  const navigate = useNavigate();
  const token = resetTokenOf(search);
  // A spent link shows no 'enter the new password twice' intro above its message.
  const [linkSpent, setLinkSpent] = useState(false);
  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      {token ? (
        <AuthCard title={t('resetPassword.title')} intro={linkSpent ? undefined : t('resetPassword.intro')} backTo={paths.home}>
          <ResetPasswordForm
            token={token}
            onLinkSpent={() => setLinkSpent(true)}
            onRequestNew={() => void navigate(paths.forgotPassword, { replace: true })}
          />
        </AuthCard>
      ) : (
        <AuthCard title={t('forgotPassword.title')} intro={t('forgotPassword.intro')} backTo={paths.home}>
          <ForgotPasswordForm />
        </AuthCard>
      )}
    </div>
  );
}
