import { useT } from '../i18n/index.ts';
import { Button } from './ui/button.tsx';

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
  const t = useT();
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button theme="secondary" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={loading} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
