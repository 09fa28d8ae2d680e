import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/**
 * The page of a mailed report link (confirmation, unsubscribe): a plain card, not the sign-in card, as an
 * external contact has no login to go back to.
 */
export function PublicTokenCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md px-4 py-10 sm:py-16">
      <Card className="w-full p-6 sm:p-8">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {children}
      </Card>
    </div>
  );
}
