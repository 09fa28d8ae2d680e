import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/** Button themes and types (SPEC 5). */
export type ButtonTheme = 'primary' | 'secondary' | 'text' | 'icon';
export type ButtonType = 'button' | 'submit';

type Base = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  type?: ButtonType;
  /** A loading button is disabled and shows a spinner (SPEC 4). */
  loading?: boolean;
  children?: ReactNode;
  /** Stretch to the container's width. */
  block?: boolean;
};
/** An icon button has no visible text, so it must carry an accessible name. */
export type ButtonProps = (Base & { theme?: 'primary' | 'secondary' | 'text' }) | (Base & { theme: 'icon'; 'aria-label': string });

const themeClasses: Record<ButtonTheme, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800 disabled:bg-brand-300 px-4 py-2.5',
  secondary:
    'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 shadow-sm hover:bg-slate-50 active:bg-slate-100 disabled:text-slate-400 px-4 py-2.5',
  text: 'text-brand-700 hover:bg-brand-50 active:bg-brand-100 disabled:text-slate-400 px-3 py-2',
  icon: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200 disabled:text-slate-300 p-2 rounded-full',
};

export function buttonClasses(theme: ButtonTheme = 'primary', block = false): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed',
    themeClasses[theme],
    block ? 'w-full' : '',
  ].join(' ');
}

export function Button({
  theme = 'primary',
  type = 'button',
  loading = false,
  block = false,
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`${buttonClasses(theme, block)} ${className ?? ''}`}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
