import type { ReactNode } from 'react';
import { CancelAndAction } from '../../../components/form-actions.tsx';
import { ProblemAlert } from '../../../components/ui/alert.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';

/**
 * The question before a team action that needs no password (withdraw an invitation, deactivate or reactivate
 * an account; ADR 113): Cancel, and the action, which is busy while it runs; a refusal stays in the dialog in
 * words. `onConfirm` closes the dialog itself once the action is done (its caller knows what to say).
 */
export function ConfirmDialog({
  open,
  title,
  actionLabel,
  onClose,
  onConfirm,
  children,
}: {
  open: boolean;
  title: string;
  actionLabel: string;
  onClose: () => void;
  onConfirm: () => Promise<void>;
  children: ReactNode;
}) {
  const t = useT();
  const { busy, problem, run, reset } = useBusyCall();
  const close = () => {
    reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      closeLabel={t('common.close')}
      closeButton="none"
      actions={
        <CancelAndAction
          actionLabel={actionLabel}
          onCancel={close}
          loading={busy}
          onAction={() => {
            if (!busy) void run(onConfirm);
          }}
        />
      }
    >
      <ProblemAlert problem={problem} className="mb-3" />
      {children}
    </Dialog>
  );
}
