import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { useBusyCall } from '../../../lib/use-busy-call.ts';
import { ActionDialog } from './action-dialog.tsx';

/**
 * A request page's confirm dialogs: approve, reject and archive. The page loads this module when a user points at or
 * focuses one of their buttons, or presses it (ADR 156): most visits decide nothing. The page hands in the calls, so
 * this chunk shares no module with it that would become a file of its own.
 */
export type Decision = 'approve' | 'reject';

/** Approve (an optional comment) or reject (a comment is needed: the requester reads why). */
export function DecisionDialog({
  decision,
  send,
  onClose,
  onDone,
}: {
  decision: Decision;
  /** The approve or reject call with the trimmed comment. */
  send: (comment: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, problem, run } = useBusyCall({ holdOnSuccess: true });
  const missing = decision === 'reject' && !comment.trim();
  const decide = () => {
    setTouched(true);
    if (missing) return;
    void run(async () => {
      await send(comment.trim());
      onDone();
    });
  };
  return (
    <ActionDialog
      title={t(`requestPage.decision.${decision}Title`)}
      actionLabel={t(`requestPage.decision.${decision}`)}
      onAction={decide}
      onClose={onClose}
      busy={busy}
      problem={problem}
    >
      <TextAreaField
        label={t(decision === 'reject' ? 'requestPage.decision.reason' : 'requestPage.decision.comment')}
        value={comment}
        onValueChange={setComment}
        rows={4}
        error={touched && missing ? t('requestPage.decision.reasonNeeded') : undefined}
      />
    </ActionDialog>
  );
}

export function ArchiveDialog({
  archive: send,
  onClose,
  onDone,
}: {
  archive: () => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const { busy, problem, run } = useBusyCall({ holdOnSuccess: true });
  const archive = () =>
    void run(async () => {
      await send();
      onDone();
    });
  return (
    <ActionDialog
      title={t('requestPage.archive.title')}
      actionLabel={t('requestPage.archive.button')}
      onAction={archive}
      onClose={onClose}
      busy={busy}
      problem={problem}
    >
      <p>{t('requestPage.archive.text')}</p>
    </ActionDialog>
  );
}
