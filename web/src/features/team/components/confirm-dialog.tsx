import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';

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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      closeLabel={t('common.close')}
      closeButton="none"
      actions={
        <>
          <Button theme="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void confirm()}>
            {actionLabel}
          </Button>
        </>
      }
    >
      {problem ? (
        <Alert theme="red" role="alert" className="mb-3">
          {problem}
        </Alert>
      ) : null}
      {children}
    </Dialog>
  );
}
