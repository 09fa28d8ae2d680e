import { useT } from '../i18n/index.ts';
import { Button } from './ui/button.tsx';

/**
 * Cancel and the action beside it (the action last: on the right from 640 px, on top when stacked below,
 * where the thumb is). Without `onAction` the action submits its form; with it, it is a plain button (a
 * dialog's question, whose footer lays the two out).
 */
export function CancelAndAction({
  actionLabel,
  onCancel,
  onAction,
  loading,
  disabled = false,
}: {
  actionLabel: string;
  onCancel: () => void;
  onAction?: () => void;
  loading: boolean;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <>
      <Button theme="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type={onAction ? 'button' : 'submit'} loading={loading} disabled={disabled} onClick={onAction}>
        {actionLabel}
      </Button>
    </>
  );
}

/**
 * The foot of a form in a dialog: Cancel and the form's submit button, side by side from 640 px (submit on
 * the right), stacked below with the submit on top, where the thumb is. One piece for every such form.
 */
export function FormActions({
  submitLabel,
  onCancel,
  loading,
  disabled = false,
}: {
  submitLabel: string;
  onCancel: () => void;
  loading: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <CancelAndAction actionLabel={submitLabel} onCancel={onCancel} loading={loading} disabled={disabled} />
    </div>
  );
}
