import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/index.ts';

/** The login card's frame for the other public account pages: title, intro, content, 'Back to login'. */
export function AuthCard({ title, intro, backTo, children }: { title: string; intro?: string; backTo: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="w-full rounded-2xl bg-white p-6 shadow-lg shadow-slate-900/5 ring-1 ring-slate-200 sm:p-8">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      {children}
      <div className="mt-5 border-t border-slate-100 pt-4 text-center">
        <Link to={backTo} className="text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          {t('forgotPassword.back')}
        </Link>
      </div>
    </div>
  );
}
