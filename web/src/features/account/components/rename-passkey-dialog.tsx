import type { PasskeySummary } from '@portal/core/auth/passkey';
import { type FormEvent, useState } from 'react';
import { FormActions } from '../../../components/form-actions.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';

/**
 * A passkey's rename dialog (My Account's passkeys, ADR 098): loaded when first opened (on-demand.ts, ADR 136),
 * mounted only while open, like the page's other dialogs (ADR 133).
 */
export function RenamePasskeyDialog({
  passkey,
  onClose,
  onSave,
}: {
  passkey: PasskeySummary;
  onClose: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const t = useT();
  const [name, setName] = useState(passkey.name);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (name.trim() === '') {
      setFailure(t('account.passkeys.nameRequired'));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave(name.trim());
    } catch (error) {
      setFailure(errorMessage(error));
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} title={t('account.passkeys.renameTitle')} closeLabel={t('common.close')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          autoFocus
          label={t('account.passkeys.name')}
          name="passkeyName"
          maxLength={60}
          value={name}
          onValueChange={setName}
          error={failure ?? undefined}
        />
        <FormActions submitLabel={t('account.passkeys.save')} onCancel={onClose} loading={saving} />
      </form>
    </Dialog>
  );
}
