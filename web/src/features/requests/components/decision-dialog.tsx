import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { approveRequest, rejectRequest } from '../api/requests.ts';

export type Decision = 'approve' | 'reject';

/** Approve (an optional comment) or reject (a comment is needed: the requester reads why). */
export function DecisionDialog({ requestId, decision, onClose, onDone }: { requestId: string; decision: Decision; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = decision === 'reject' && !comment.trim();
  const decide = async () => {
    setTouched(true);
    if (missing) return;
    setBusy(true);
    setProblem('');
    try {
      await (decision === 'approve' ? approveRequest(requestId, comment.trim()) : rejectRequest(requestId, comment.trim()));
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`requests.decision.${decision}Title`)}
      closeLabel={t('requests.cancel')}
      closeButton="action"
      actions={<Button onClick={() => void decide()} loading={busy}>{t(`requests.decision.${decision}`)}</Button>}
    >
      <div className="space-y-3">
        <TextAreaField
          label={t(decision === 'reject' ? 'requests.decision.reason' : 'requests.decision.comment')}
          value={comment}
          onValueChange={setComment}
          rows={4}
          error={touched && missing ? t('requests.decision.reasonNeeded') : undefined}
        />
        {problem ? <Alert theme="red" role="alert">{problem}</Alert> : null}
      </div>
    </Dialog>
  );
}
