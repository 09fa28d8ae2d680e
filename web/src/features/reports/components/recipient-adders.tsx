import { MailContactInput } from '@portal/core/report';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { addContact, useRecipientCandidates } from '../api/reports.ts';
import { issuesByField } from '../model/report-draft.ts';
import { localProblems, serverProblems } from '../model/server-problems.ts';
import { displayName } from './recipient-name.ts';
import { ReportQuery } from './report-query.tsx';

// A report's recipients panel's "Add user" picker and "Add contact" dialog, loaded on their first press (recipients-panel.tsx).
export function UserPicker({ processId, busy, onAdd }: { processId: string; busy: boolean; onAdd: (referenceId: string) => void }) {
  const t = useT();
  const candidates = useRecipientCandidates(processId, true);
  const [chosen, setChosen] = useState('');
  return (
    <ReportQuery result={candidates} failedMessage={t('reportPage.recipients.loadFailed')}>
      {({ recipients }) =>
        recipients.length === 0 ? (
          <p className="text-sm text-slate-600">{t('reportPage.recipients.noCandidates')}</p>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <SelectField
                label={t('reportPage.recipients.user')}
                helperText={t('reportPage.recipients.chooseUserHelp')}
                value={chosen}
                options={[
                  { value: '', label: t('reportPage.recipients.chooseUser') },
                  ...recipients.map((r) => ({ value: r.referenceId, label: `${displayName(r)} · ${r.email}` })),
                ]}
                onValueChange={setChosen}
              />
            </div>
            <Button disabled={!chosen} loading={busy} onClick={() => onAdd(chosen)}>
              {t('reportPage.recipients.add')}
            </Button>
          </div>
        )
      }
    </ReportQuery>
  );
}

const emptyContact = { firstname: '', surname: '', email: '', displayname: '', active: true, isEmailActive: true };

/** "Add contact": an external recipient, put on this report's list. Nothing typed is lost on a failure. */
export function ContactDialog({
  open,
  processId,
  onClose,
  onAdded,
}: {
  open: boolean;
  processId: string;
  onClose: () => void;
  onAdded: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(emptyContact);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = (key: 'firstname' | 'surname' | 'email' | 'displayname') => ({
    label: t(`reportPage.contact.${key}`),
    value: draft[key],
    onValueChange: (value: string) => setDraft({ ...draft, [key]: value }),
    error: problems[key],
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...draft, processId, ...(draft.displayname.trim() ? {} : { displayname: undefined }) };
    const parsed = MailContactInput.safeParse(input);
    if (!parsed.success) {
      setProblems(localProblems(t, issuesByField(parsed.error.issues)));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await addContact(input);
      setDraft(emptyContact);
      setProblems({});
      onAdded();
      onClose();
    } catch (error) {
      const shown = serverProblems(error, t);
      setProblems(shown?.fields ?? {});
      setFailure(shown?.message ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('reportPage.contact.title')}
      closeLabel={t('reportPage.close')}
      actions={
        <>
          <Button theme="text" onClick={onClose}>
            {t('reportPage.cancel')}
          </Button>
          <Button type="submit" form="report-contact-form" loading={busy}>
            {t('reportPage.contact.save')}
          </Button>
        </>
      }
    >
      <form id="report-contact-form" onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        {failure ? (
          <Alert theme="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField {...text('firstname')} autoComplete="off" />
          <TextField {...text('surname')} autoComplete="off" />
        </div>
        <TextField {...text('email')} type="email" autoComplete="off" helperText={t('reportPage.contact.optInHelp')} />
        <TextField {...text('displayname')} autoComplete="off" helperText={t('reportPage.contact.displaynameHelp')} />
        <CheckboxField
          label={t('reportPage.contact.active')}
          checked={draft.active}
          onCheckedChange={(active) => setDraft({ ...draft, active })}
        />
        <CheckboxField
          label={t('reportPage.contact.isEmailActive')}
          checked={draft.isEmailActive}
          onCheckedChange={(isEmailActive) => setDraft({ ...draft, isEmailActive })}
        />
      </form>
    </Dialog>
  );
}
