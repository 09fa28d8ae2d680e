import { lazy, Suspense, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/index.ts';
import { addRecipient, removeRecipient, resendConfirmation, useMailingList } from '../api/reports.ts';
import { type ServerProblems, serverProblems } from '../model/server-problems.ts';
import { displayName } from './recipient-name.ts';
import { ReportQuery } from './report-query.tsx';

// "Add user" and "Add contact" load on their first press (ADR 133): the page's first view shows neither.
const loadAdders = () => import('./recipient-adders.tsx');
const UserPicker = lazy(() => loadAdders().then((m) => ({ default: m.UserPicker })));
const ContactDialog = lazy(() => loadAdders().then((m) => ({ default: m.ContactDialog })));
const preloadAdders = () => void loadAdders().catch(() => undefined);

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
  // Mounted from the first opening on, so a contact typed, then cancelled, is still there when opened again.
  const [contactOpened, setContactOpened] = useState(false);
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
      <ReportQuery result={list} failedMessage={t('reportPage.recipients.loadFailed')}>
        {({ recipients }) =>
          recipients.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              {t('reportPage.recipients.none')}
            </p>
          ) : (
            <div className="space-y-2">
              {recipients.some((r) => r.confirmation === 'pending') ? (
                <p className="text-sm text-slate-600">{t('reportPage.recipients.pendingHelp')}</p>
              ) : null}
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('reportPage.recipients.title')}>
                {recipients.map((r) => (
                  <li key={r.referenceId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5 sm:px-4">
                    <div className="min-w-[12rem] flex-1">
                      <p className="truncate font-medium text-slate-900">{displayName(r)}</p>
                      <p className="truncate text-sm text-slate-600">{r.email}</p>
                    </div>
                    <div className="flex flex-wrap items-center gap-1.5">
                      <Badge theme={r.kind === 'user' ? 'blue' : 'purple'}>{t(`reportPage.recipients.kind.${r.kind}`)}</Badge>
                      {/* Double opt-in (ADR 051): a contact gets reports only once it confirmed. */}
                      {r.confirmation === 'pending' ? <Badge theme="orange">{t('reportPage.recipients.confirmationPending')}</Badge> : null}
                      {r.confirmation === 'confirmed' ? <Badge theme="green">{t('reportPage.recipients.confirmed')}</Badge> : null}
                      {r.unsubscribedAt ? <Badge theme="orange">{t('reportPage.recipients.unsubscribed')}</Badge> : null}
                      {!r.active || !r.isEmailActive ? <Badge theme="gray">{t('reportPage.recipients.inactive')}</Badge> : null}
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
                                  t('reportPage.recipients.confirmationSent', { email: r.email }),
                                )
                              }
                              aria-label={t('reportPage.recipients.sendConfirmationNamed', { name: displayName(r) })}
                            >
                              {t('reportPage.recipients.sendConfirmation')}
                            </Button>
                          ) : null}
                          <Button
                            theme="text"
                            loading={busy === r.referenceId}
                            onClick={() => void change(r.referenceId, () => removeRecipient(processId, r.referenceId))}
                            aria-label={t('reportPage.recipients.removeNamed', { name: displayName(r) })}
                          >
                            {t('reportPage.recipients.remove')}
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
          <Button
            theme="secondary"
            onClick={() => setPicking(!picking)}
            onPointerEnter={preloadAdders}
            onFocus={preloadAdders}
            aria-expanded={picking}
          >
            {t('reportPage.recipients.addUser')}
          </Button>
          <Button
            theme="secondary"
            onClick={() => {
              setContactOpened(true);
              setDialog(true);
            }}
            onPointerEnter={preloadAdders}
            onFocus={preloadAdders}
          >
            {t('reportPage.recipients.addContact')}
          </Button>
        </div>
      ) : null}
      <Suspense fallback={null}>
        {picking ? (
          <UserPicker
            processId={processId}
            busy={busy === 'add'}
            onAdd={(referenceId) => void change('add', () => addRecipient(processId, referenceId)).then(() => setPicking(false))}
          />
        ) : null}
        {contactOpened ? (
          <ContactDialog open={dialog} processId={processId} onClose={() => setDialog(false)} onAdded={() => void list.mutate()} />
        ) : null}
      </Suspense>
    </div>
  );
}
