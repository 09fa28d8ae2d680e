import type { ReactNode } from 'react';
import type { AlertTheme } from '../../lib/snack.ts';

const themeClasses: Record<AlertTheme, string> = {
  red: 'bg-red-50 text-red-800 ring-red-200',
  orange: 'bg-orange-50 text-orange-800 ring-orange-200',
  yellow: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  purple: 'bg-purple-50 text-purple-800 ring-purple-200',
  pink: 'bg-pink-50 text-pink-800 ring-pink-200',
  gray: 'bg-slate-100 text-slate-700 ring-slate-200',
  dark: 'bg-slate-800 text-white ring-slate-700',
};

/** A small status pill (a store's status, an order's status). Same themes as Alert. */
export function Badge({
  theme = 'gray',
  children,
  title,
  className = '',
}: {
  theme?: AlertTheme;
  children: ReactNode;
  title?: string;
  className?: string;
}) {
  return (
    <span
      title={title}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${themeClasses[theme]} ${className}`}
    >
      {children}
    </span>
  );
}
