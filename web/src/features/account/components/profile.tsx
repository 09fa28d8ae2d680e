import type { SessionStatus, SessionUser } from '@portal/core';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { type Translate, useLocale, useT } from '../../../i18n/index.ts';
import type { Account } from '../api/account.ts';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {hint ? <p className="mt-0.5 text-sm text-slate-500">{hint}</p> : null}
      <dl className="mt-4 divide-y divide-slate-100">{children}</dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="break-words text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Missing({ t }: { t: Translate }) {
  return <span className="text-slate-400">{t('common.notSet')}</span>;
}

export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      date,
    );
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

function languageName(code: string, displayLocale: string): string {
  try {
    const name = new Intl.DisplayNames([displayLocale], { type: 'language' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

function Skeleton() {
  return <span className="inline-block h-4 w-40 animate-pulse rounded bg-slate-200" aria-hidden="true" />;
}

/**
 * The read-only profile of My Account: who the user is (status user + GET account), regional settings
 * and sign-in facts. Nothing here is editable yet, and the page says so.
 */
export function AccountProfile({
  status,
  user,
  account,
  accountLoading,
  accountFailed,
}: {
  status: SessionStatus;
  user: SessionUser;
  account: Account | undefined;
  accountLoading: boolean;
  accountFailed: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const firstname = account?.firstname ?? user.firstname;
  const surname = account?.surname ?? user.surname;
  const name = [firstname, surname].filter(Boolean).join(' ');
  const email = account?.email ?? user.email;
  const pending = (value: ReactNode) => (accountLoading ? <Skeleton /> : value);
  const currency = user.currencyObj;
  const mfa = { none: t('account.mfaNone'), app: t('account.mfaApp'), email: t('account.mfaEmail') }[
    status.mfaStatus
  ];

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      {accountFailed ? (
        <Alert theme="red" className="lg:col-span-2">
          {t('account.loadFailed')}
        </Alert>
      ) : null}
      <Section title={t('account.profile')} hint={t('account.profileHint')}>
        <Row label={t('account.username')}>{user.username}</Row>
        <Row label={t('account.name')}>{name || <Missing t={t} />}</Row>
        <Row label={t('account.email')}>{email || <Missing t={t} />}</Row>
        <Row label={t('account.jobTitle')}>{pending(account?.jobTitle || <Missing t={t} />)}</Row>
        <Row label={t('account.customerId')}>
          {pending(
            account?.customerId != null && account.customerId !== '' ? (
              String(account.customerId)
            ) : (
              <Missing t={t} />
            ),
          )}
        </Row>
      </Section>
      <div className="space-y-6">
        <Section title={t('account.preferences')}>
          <Row label={t('account.locale')}>
            {user.locale ? languageName(user.locale, locale) : <Missing t={t} />}
          </Row>
          <Row label={t('account.timezone')}>{user.timezone || <Missing t={t} />}</Row>
          <Row label={t('account.currency')}>
            {currency.name} ({currency.isoCode}, {currency.symbol})
          </Row>
        </Section>
        <Section title={t('account.security')}>
          <Row label={t('account.lastLogin')}>
            {status.lastLogin ? (
              <>
                {formatDateTime(status.lastLogin.at, locale, user.timezone)}
                {status.lastLogin.ip ? (
                  <span className="text-slate-500">
                    {' '}
                    {t('account.lastLoginIp', { ip: status.lastLogin.ip })}
                  </span>
                ) : null}
              </>
            ) : (
              <span className="text-slate-500">{t('account.never')}</span>
            )}
          </Row>
          {status.passwordExpiry ? (
            <Row label={t('account.passwordExpiry')}>
              {formatDateTime(status.passwordExpiry, locale, user.timezone)}
            </Row>
          ) : null}
          <Row label={t('account.mfa')}>{mfa}</Row>
        </Section>
      </div>
      <div className="lg:col-span-2">
        <Alert theme="gray">
          <p>{t('account.editLater')}</p>
          <p className="mt-1">{t('account.passwordLater')}</p>
        </Alert>
      </div>
    </div>
  );
}
