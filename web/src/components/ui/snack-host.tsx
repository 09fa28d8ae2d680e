import { type ReactNode, useEffect } from 'react';
import { currentSnack, SNACK_DISMISS_MS, snacks, useSnackState } from '../../lib/snack.ts';
import { Alert } from './alert.tsx';

/**
 * Shows the head of the snack queue: one at a time, auto-dismissed after 10 s or by its close button.
 * Toasts float at the top centre just under the sticky header (h-16), where no primary action lives:
 * page actions (Submit order, Continue) sit in the content and the summary bar at the bottom, and the
 * phone's bottom bar stays free. 'fixed' snacks sit at the top edge. `pinned` (the offer of a new release,
 * ADR 091) sits above the snack of the moment, in the same live region.
 */
export function SnackHost({ closeLabel, pinned }: { closeLabel: string; pinned?: ReactNode }) {
  const snack = currentSnack(useSnackState());

  useEffect(() => {
    if (!snack) return;
    const timer = window.setTimeout(() => snacks.dismiss(snack.id), SNACK_DISMISS_MS);
    return () => window.clearTimeout(timer);
  }, [snack]);

  const placement =
    snack?.mode === 'fixed'
      ? 'top-0 inset-x-0'
      : 'inset-x-3 top-[calc(4.5rem+env(safe-area-inset-top))] sm:inset-x-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2';

  return (
    <div aria-live="polite" className={`pointer-events-none fixed z-50 flex flex-col gap-2 ${placement}`}>
      {pinned}
      {snack ? (
        <div key={snack.id} className="pointer-events-auto animate-pop-in shadow-lg">
          <Alert
            theme={snack.theme}
            title={snack.title}
            onClose={() => snacks.dismiss(snack.id)}
            closeLabel={closeLabel}
            role={snack.theme === 'red' ? 'alert' : 'status'}
            className={snack.mode === 'fixed' ? 'rounded-none' : ''}
          >
            {snack.text}
          </Alert>
        </div>
      ) : null}
    </div>
  );
}
