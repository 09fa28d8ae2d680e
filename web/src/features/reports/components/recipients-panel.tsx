import { MailContactInput, type Recipient } from '@portal/core/report';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import {
  addContact,
  addRecipient,
  removeRecipient,
  resendConfirmation,
  useMailingList,
  useRecipientCandidates,
} from '../api/report-calls.ts';
import { issuesByField } from '../model/report-draft.ts';
import { localProblems, type ServerProblems, serverProblems } from '../model/server-problems.ts';
import { ReportQuery } from './report-query.tsx';

const displayName = (r: Recipient) => r.displayname || [r.firstname, r.surname].filter(Boolean).join(' ') || r.email;

/**
 * A report's mailing list (ADR 044): portal users of the customer and external contacts; add a
 * user from those not on the list, add a contact ("Add contact": SPEC Mailing contact), remove one.
 * Changing the list takes the recipients permission; without it the list is read-only.
 */
export function RecipientsPanel({ processId, mayChange }: { processId: string; mayChange: boolean }) {
  const t = useT();
  const list = useMailingList(processId);
  const [picking, setPicking] = useState(false);
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<ServerProblems | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const change = async (id: string, call: () => Promise<unknown>, done?: string) => {
    setBusy(id);
    setFailure(null);
    setNotice(null);
    try {
      await call();
      await list.mutate();
      if (done) setNotice(done);
    } catch (error) {
      setFailure(serverProblems(error, t));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-4">
      {failure ? (
        <Alert theme="red" role="alert" onClose={() => setFailure(null)} closeLabel={t('reportPage.close')}>
          {failure.message}
        </Alert>
      ) : null}
      {notice ? (
        <Alert theme="green" role="status" onClose={() => setNotice(null)} closeLabel={t('reportPage.close')}>
          {notice}
        </Alert>
      ) : null}
      <ReportQuery result={list} failedMessage={t('reportPanels.recipients.loadFailed')}>
        {({ recipients }) =>
          recipients.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              {t('reportPanels.recipients.none')}
            </p>
          ) : (
            <div className="space-y-2">
              {recipients.some((r) => r.confirmation === 'pending') ? (
                <p className="text-sm text-slate-600">{t('reportPanels.recipients.pendingHelp')}</p>
              ) : null}
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('reportPage.recipients.title')}>
                {recipients.map((r) => (
                  <li key={r.referenceId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 sm:px-4">
                    <div className="min-w-[12rem] flex-1">
                      <p className="truncate font-medium text-slate-900">{displayName(r)}</p>
                      <p className="truncate text-sm text-slate-600">{r.email}</p>
                    </div>
                    <div className="flex flex-wrap items-center gap-1.5">
                      <Badge theme={r.kind === 'user' ? 'blue' : 'purple'}>{t(`reportPanels.recipients.kind.${r.kind}`)}</Badge>
                      {/* Double opt-in (ADR 051): a contact gets reports only once it confirmed. */}
                      {r.confirmation === 'pending' ? (
                        <Badge theme="orange">{t('reportPanels.recipients.confirmationPending')}</Badge>
                      ) : null}
                      {r.confirmation === 'confirmed' ? <Badge theme="green">{t('reportPanels.recipients.confirmed')}</Badge> : null}
                      {r.unsubscribedAt ? <Badge theme="orange">{t('reportPanels.recipients.unsubscribed')}</Badge> : null}
                      {!r.active || !r.isEmailActive ? <Badge theme="gray">{t('reportPanels.recipients.inactive')}</Badge> : null}
                      {mayChange ? (
                        // The actions wrap as one group, never one apart from the other.
                        <div className="flex items-center gap-1">
                          {r.confirmation === 'pending' ? (
                            <Button
                              theme="text"
                              loading={busy === `confirm.${r.referenceId}`}
                              onClick={() =>
                                void change(
                                  `confirm.${r.referenceId}`,
                                  () => resendConfirmation(processId, r.personId),
                                  t('reportPanels.recipients.confirmationSent', { email: r.email }),
                                )
                              }
                              aria-label={t('reportPanels.recipients.sendConfirmationNamed', { name: displayName(r) })}
                            >
                              {t('reportPanels.recipients.sendConfirmation')}
                            </Button>
                          ) : null}
                          <Button
                            theme="text"
                            loading={busy === r.referenceId}
                            onClick={() => void change(r.referenceId, () => removeRecipient(processId, r.referenceId))}
                            aria-label={t('reportPanels.recipients.removeNamed', { name: displayName(r) })}
                          >
                            {t('reportPanels.recipients.remove')}
                          </Button>
                        </div>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      </ReportQuery>
      {mayChange ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button theme="secondary" onClick={() => setPicking(!picking)} aria-expanded={picking}>
            {t('reportPanels.recipients.addUser')}
          </Button>
          <Button theme="secondary" onClick={() => setDialog(true)}>
            {t('reportPanels.recipients.addContact')}
          </Button>
        </div>
      ) : null}
      {picking ? (
        <UserPicker
          processId={processId}
          busy={busy === 'add'}
          onAdd={(referenceId) => void change('add', () => addRecipient(processId, referenceId)).then(() => setPicking(false))}
        />
      ) : null}
      <ContactDialog open={dialog} processId={processId} onClose={() => setDialog(false)} onAdded={() => void list.mutate()} />
    </div>
  );
}

function UserPicker({ processId, busy, onAdd }: { processId: string; busy: boolean; onAdd: (referenceId: string) => void }) {
  const t = useT();
  const candidates = useRecipientCandidates(processId, true);
  const [chosen, setChosen] = useState('');
  return (
    <ReportQuery result={candidates} failedMessage={t('reportPanels.recipients.loadFailed')}>
      {({ recipients }) =>
        recipients.length === 0 ? (
          <p className="text-sm text-slate-600">{t('reportPanels.recipients.noCandidates')}</p>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <SelectField
                label={t('reportPanels.recipients.user')}
                helperText={t('reportPanels.recipients.chooseUserHelp')}
                value={chosen}
                options={[
                  { value: '', label: t('reportPanels.recipients.chooseUser') },
                  ...recipients.map((r) => ({ value: r.referenceId, label: `${displayName(r)} · ${r.email}` })),
                ]}
                onValueChange={setChosen}
              />
            </div>
            <Button disabled={!chosen} loading={busy} onClick={() => onAdd(chosen)}>
              {t('reportPanels.recipients.add')}
            </Button>
          </div>
        )
      }
    </ReportQuery>
  );
}

const emptyContact = { firstname: '', surname: '', email: '', displayname: '', active: true, isEmailActive: true };

/** "Add contact": an external recipient, put on this report's list. Nothing typed is lost on a failure. */
function ContactDialog({
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
    label: t(`reportPanels.contact.${key}`),
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
      title={t('reportPanels.contact.title')}
      closeLabel={t('reportPage.close')}
      actions={
        <>
          <Button theme="text" onClick={onClose}>
            {t('reportPage.cancel')}
          </Button>
          <Button type="submit" form="report-contact-form" loading={busy}>
            {t('reportPanels.contact.save')}
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
        <TextField {...text('email')} type="email" autoComplete="off" helperText={t('reportPanels.contact.optInHelp')} />
        <TextField {...text('displayname')} autoComplete="off" helperText={t('reportPanels.contact.displaynameHelp')} />
        <CheckboxField
          label={t('reportPanels.contact.active')}
          checked={draft.active}
          onCheckedChange={(active) => setDraft({ ...draft, active })}
        />
        <CheckboxField
          label={t('reportPanels.contact.isEmailActive')}
          checked={draft.isEmailActive}
          onCheckedChange={(isEmailActive) => setDraft({ ...draft, isEmailActive })}
        />
      </form>
    </Dialog>
  );
}
