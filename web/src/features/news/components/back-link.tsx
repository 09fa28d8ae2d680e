import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The way back above a News screen's heading (the list, or the editor's list). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
      ← {children}
    </Link>
  );
}
