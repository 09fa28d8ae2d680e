import type { ReactNode } from 'react';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';

/**
 * The section's confirm dialog: its content, Cancel and one action button, the call's problem below. Its call runs
 * through `useBusyCall({ holdOnSuccess: true })`: busy after success too, while the dialog closes or the page moves on.
 */
export function ActionDialog({
  title,
  actionLabel,
  onAction,
  onClose,
  busy,
  problem,
  disabled = false,
  children,
}: {
  title: string;
  actionLabel: string;
  onAction: () => void;
  onClose: () => void;
  busy: boolean;
  problem: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      closeLabel={t('requests.cancel')}
      closeButton="action"
      actions={
        <Button onClick={onAction} loading={busy} disabled={disabled}>
          {actionLabel}
        </Button>
      }
    >
      <div className="space-y-4">
        {children}
        <ProblemAlert problem={problem} />
      </div>
    </Dialog>
  );
}
