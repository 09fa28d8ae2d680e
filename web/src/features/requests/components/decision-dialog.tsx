import { useState } from 'react';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { approveRequest, rejectRequest } from '../api/request-calls.ts';
import { ActionDialog, useDialogAction } from './action-dialog.tsx';

export type Decision = 'approve' | 'reject';

/** Approve (an optional comment) or reject (a comment is needed: the requester reads why). */
export function DecisionDialog({
  requestId,
  decision,
  onClose,
  onDone,
}: {
  requestId: string;
  decision: Decision;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState(false);
  const { busy, problem, run } = useDialogAction();
  const missing = decision === 'reject' && !comment.trim();
  const decide = () => {
    setTouched(true);
    if (missing) return;
    void run(async () => {
      await (decision === 'approve' ? approveRequest(requestId, comment.trim()) : rejectRequest(requestId, comment.trim()));
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
