import type { ReactNode } from 'react';
import type { AlertTheme } from '../../lib/snack.ts';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons.tsx';

export type { AlertTheme } from '../../lib/snack.ts';

const themeClasses: Record<AlertTheme, string> = {
  red: 'bg-red-50 text-red-900 ring-red-200',
  orange: 'bg-orange-50 text-orange-900 ring-orange-200',
  yellow: 'bg-yellow-50 text-yellow-900 ring-yellow-200',
  green: 'bg-green-50 text-green-900 ring-green-200',
  blue: 'bg-blue-50 text-blue-900 ring-blue-200',
  purple: 'bg-purple-50 text-purple-900 ring-purple-200',
  pink: 'bg-pink-50 text-pink-900 ring-pink-200',
  gray: 'bg-slate-100 text-slate-800 ring-slate-200',
  dark: 'bg-slate-900 text-white ring-slate-700',
};

function ThemeIcon({ theme }: { theme: AlertTheme }) {
  if (theme === 'red' || theme === 'orange' || theme === 'yellow') return <AlertIcon className="size-5 shrink-0" />;
  if (theme === 'green') return <CheckCircleIcon className="size-5 shrink-0" />;
  return <InfoIcon className="size-5 shrink-0" />;
}

export interface AlertProps {
  theme?: AlertTheme;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a close button with this accessible name. */
  onClose?: () => void;
  closeLabel?: string;
  /** 'alert' interrupts screen readers (errors); 'status' is polite. */
  role?: 'alert' | 'status';
  className?: string;
}

export function Alert({ theme = 'blue', title, children, onClose, closeLabel = 'Close', role = 'status', className = '' }: AlertProps) {
  return (
    <div role={role} className={`flex items-start gap-3 rounded-lg p-3.5 text-sm ring-1 ring-inset ${themeClasses[theme]} ${className}`}>
      <span className="mt-px">
        <ThemeIcon theme={theme} />
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        {/* No case transform: an alert often starts with data (an address, a name), whose case is never
            changed (ADR 054); the catalogues write their texts with the capital they need. */}
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="break-words">{children}</div> : null}
      </div>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="-m-1 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

/** A failed call's message where it was made: a red alert that interrupts screen readers; nothing while there is none. */
export function ProblemAlert({ problem, className }: { problem: string | null | undefined; className?: string }) {
  return problem ? (
    <Alert theme="red" role="alert" className={className}>
      {problem}
    </Alert>
  ) : null;
}
