import type { SessionStatus, SessionUser } from '@portal/core/auth';
import { Button } from '../../../components/ui/button.tsx';
import { useLocale, useT } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/user-format.ts';
import { Row, Rows, Section } from './section.tsx';
import { preloadChangePassword } from './on-demand.ts';

/**
 * Last login (its address only with the general setting showLastLoginIp, SPEC 6), the password's expiry
 * and 'Change password' (when the account may change it).
 */
export function SignInSecurity({
  status,
  user,
  onChangePassword,
}: {
  status: SessionStatus;
  user: SessionUser;
  onChangePassword: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const showIp = user.settings.showLastLoginIp === true;
  return (
    <Section
      title={t('account.security')}
      actions={
        status.mayChangePassword ? (
          <Button theme="secondary" onClick={onChangePassword} onPointerEnter={preloadChangePassword} onFocus={preloadChangePassword}>
            {t('password.change')}
          </Button>
        ) : undefined
      }
    >
      <Rows>
        <Row label={t('account.lastLogin')}>
          {status.lastLogin ? (
            <>
              {formatDateTime(status.lastLogin.at, { locale, timeZone: user.timezone })}
              {showIp && status.lastLogin.ip ? (
                <span className="text-slate-500"> {t('account.lastLoginIp', { ip: status.lastLogin.ip })}</span>
              ) : null}
            </>
          ) : (
            <span className="text-slate-500">{t('account.never')}</span>
          )}
        </Row>
        <Row label={t('account.passwordExpiry')}>
          {status.passwordExpiry ? (
            <span className={status.passwordExpired ? 'font-medium text-red-700' : undefined}>
              {formatDateTime(status.passwordExpiry, { locale, timeZone: user.timezone })}
              {status.passwordExpired ? ` · ${t('account.expired')}` : ''}
            </span>
          ) : (
            <span className="text-slate-500">{t('account.noExpiry')}</span>
          )}
        </Row>
      </Rows>
    </Section>
  );
}
