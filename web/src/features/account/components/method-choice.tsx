import type { MfaMethod } from '@portal/core/auth';
import type { ReactNode } from 'react';
import { useT } from '../../../i18n/index.ts';
import type { SetupMethod } from '../api/mfa.ts';

function MethodButton({ title, text, badge, onClick }: { title: string; text: string; badge?: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full flex-col items-start gap-1 rounded-xl bg-white p-4 text-left ring-1 ring-slate-200 transition hover:ring-brand-400 focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <span className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
        {title}
        {badge}
      </span>
      <span className="text-sm text-slate-600">{text}</span>
    </button>
  );
}

function Badge({ children, tone }: { children: ReactNode; tone: 'brand' | 'green' }) {
  const tones = { brand: 'bg-brand-50 text-brand-700', green: 'bg-green-50 text-green-700' };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

/** Step 0 of the set-up page: the authenticator app (recommended) or codes by e-mail. */
export function MethodChoice({ current, onChoose }: { current: MfaMethod; onChoose: (m: SetupMethod) => void }) {
  const t = useT();
  const active = <Badge tone="green">{t('mfaSetup.active')}</Badge>;
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <MethodButton
        title={t('mfaSetup.methodApp')}
        text={t('mfaSetup.methodAppText')}
        badge={current === 'app' ? active : <Badge tone="brand">{t('mfaSetup.recommended')}</Badge>}
        onClick={() => onChoose('app')}
      />
      <MethodButton
        title={t('mfaSetup.methodEmail')}
        text={t('mfaSetup.methodEmailText')}
        {...(current === 'email' ? { badge: active } : {})}
        onClick={() => onChoose('email')}
      />
    </div>
  );
}
