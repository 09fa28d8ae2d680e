import {
  type ConfirmedCouponAction as ConfirmedAction,
  type CouponAction,
  type CouponingStatus,
  needsConfirmation,
  type SerialDetails,
  COUPON,
} from '@portal/core/couponing';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { type MessageKey, type Translate, useT } from '../../../i18n/index.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { serverFieldErrors } from '../../../lib/forms.ts';
import { usePortal } from '../../../lib/portal.ts';
import { setTerminalId, useCouponingDraft } from '../model/couponing-draft.ts';
import { type TerminalIdProblem, terminalIdProblem } from '../model/input-problems.ts';
import { type CardRef, refreshSerialDetails } from '../api/serial-check.ts';
import { useCouponAction } from '../api/use-coupon-action.ts';
import { refusalText } from '../model/status-display.ts';

const PROBLEM_KEY = {
  required: 'couponing.actions.terminalRequired',
  tooLong: 'couponing.actions.terminalTooLong',
  characters: 'couponing.actions.terminalCharacters',
} as const satisfies Record<TerminalIdProblem, string>;

/** The confirmation texts of each action that asks first (core's COUPON_ACTION_CONFIRMS). */
const CONFIRM_TEXTS = {
  void: {
    title: 'couponing.actions.confirmVoidTitle',
    text: 'couponing.actions.confirmVoidText',
    confirm: 'couponing.actions.confirmVoid',
  },
  redeem: {
    title: 'couponing.actions.confirmRedeemTitle',
    text: 'couponing.actions.confirmRedeemText',
    confirm: 'couponing.actions.confirmRedeem',
  },
  deactivate: {
    title: 'couponing.actions.confirmDeactivateTitle',
    text: 'couponing.actions.confirmDeactivateText',
    confirm: 'couponing.actions.confirmDeactivate',
  },
} as const satisfies Record<ConfirmedAction, { title: MessageKey; text: MessageKey; confirm: MessageKey }>;

type Outcome = { kind: 'done'; action: CouponAction; terminalId: string; status: CouponingStatus } | { kind: 'failed'; message: string };

function ConfirmDialog({
  action,
  serial,
  busy,
  onConfirm,
  onClose,
}: {
  action: ConfirmedAction | null;
  serial: string;
  busy: boolean;
  onConfirm: (action: ConfirmedAction) => void;
  onClose: () => void;
}) {
  const t = useT();
  const texts = (a: ConfirmedAction) => ({
    title: t(CONFIRM_TEXTS[a].title),
    text: t(CONFIRM_TEXTS[a].text, { serial }),
    confirm: t(CONFIRM_TEXTS[a].confirm),
  });
  const shown = action ? texts(action) : null;
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      title={shown?.title ?? ''}
      closeLabel={t('common.cancel')}
      closeButton="action"
      actions={
        action ? (
          <Button loading={busy} onClick={() => onConfirm(action)}>
            {shown?.confirm}
          </Button>
        ) : null
      }
    >
      <p>{shown?.text}</p>
    </Dialog>
  );
}

const doneAlert = (t: Translate, outcome: Extract<Outcome, { kind: 'done' }>) => ({
  title: t(`couponing.actions.done.${outcome.action}`),
  text: t('couponing.actions.doneText', {
    terminal: outcome.terminalId,
    status: t(`couponing.couponStatus.${outcome.status}`),
  }),
});

/**
 * The Details step's actions (SPEC 7 serial-number-check actions; ADR 016): the Terminal ID (required,
 * kept for the session), then one button per action the server offers — the user's permissions; an
 * action the life cycle refuses now is disabled and says why. One-way money actions (Redeem, Void,
 * Deactivate: core's COUPON_ACTION_CONFIRMS) ask first. Each click
 * is one Idempotency-Key (a retry of a click whose answer got lost reuses it). The answer becomes the
 * card shown; a refusal shows the server's reason, a bad terminal id shows on the field.
 */
export function CouponActions({ details, shown }: { details: SerialDetails; shown: CardRef }) {
  const t = useT();
  const portal = usePortal();
  const reasonId = useId();
  const { terminalId } = useCouponingDraft();
  const terminalRef = useRef<HTMLInputElement>(null);
  const book = useCouponAction(shown);
  const [terminalDirty, setTerminalDirty] = useState(false);
  const [serverProblem, setServerProblem] = useState<{ value: string; message: string } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmedAction | null>(null);
  const [busy, setBusy] = useState<CouponAction | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { card } = details;

  const problem = terminalIdProblem(terminalId);
  const terminalError = problem
    ? terminalDirty
      ? t(PROBLEM_KEY[problem])
      : undefined
    : serverProblem?.value === terminalId
      ? serverProblem.message
      : undefined;

  const send = async (action: CouponAction) => {
    const request = { serial: card.serial, ean: card.ean, action, terminalId: terminalId.trim() };
    setBusy(action);
    setOutcome(null);
    try {
      const answer = await book(request);
      setConfirm(null);
      setOutcome({ kind: 'done', action, terminalId: request.terminalId, status: answer.card.couponingStatus });
    } catch (error) {
      setConfirm(null);
      const fieldError = serverFieldErrors(error instanceof ApiError ? error : undefined, ['terminalId'] as const).terminalId;
      if (fieldError) {
        const kind = terminalIdProblem(request.terminalId);
        setServerProblem({ value: terminalId, message: kind ? t(PROBLEM_KEY[kind]) : fieldError });
        terminalRef.current?.focus();
      } else {
        setOutcome({ kind: 'failed', message: await failureMessage(error, action) });
      }
    } finally {
      setBusy(null);
    }
  };

  /**
   * A refusal means the card changed since it was shown (someone else booked meanwhile): read it again,
   * so the buttons are right, and say why in the user's language; other failures in the server's words.
   */
  const failureMessage = async (error: unknown, action: CouponAction): Promise<string> => {
    if (!(error instanceof ApiError) || error.code !== COUPON.TRANSITION_NOT_ALLOWED) return errorMessage(error);
    const fresh = await refreshSerialDetails(portal, shown).catch(() => null);
    const offered = fresh?.actions.find((a) => a.action === action);
    return (fresh && offered && refusalText(t, fresh.card, offered)) || errorMessage(error);
  };

  const onAction = (action: CouponAction) => {
    if (problem) {
      setTerminalDirty(true);
      terminalRef.current?.focus();
      return;
    }
    if (needsConfirmation(action)) setConfirm(action);
    else void send(action);
  };

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">{t('couponing.actions.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('couponing.actions.description')}</p>
      <div className="mt-4 space-y-4">
        <TextField
          ref={terminalRef}
          label={t('couponing.actions.terminalId')}
          value={terminalId}
          onValueChange={(value) => {
            setTerminalId(value);
            setTerminalDirty(true);
          }}
          error={terminalError}
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          className="max-w-xs"
        />
        <OutcomeAlerts outcome={outcome} onClose={() => setOutcome(null)} />
        {details.actions.length === 0 ? (
          <p className="text-sm text-slate-600">{t('couponing.actions.none')}</p>
        ) : (
          <div className="space-y-3 border-t border-slate-100 pt-4">
            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
              {details.actions.map(({ action, allowed, reason }) => (
                <Button
                  key={action}
                  theme={action === 'activate' || action === 'redeem' ? 'primary' : 'secondary'}
                  className="sm:min-w-28"
                  disabled={!allowed || (busy !== null && busy !== action)}
                  loading={busy === action && confirm === null}
                  aria-describedby={reason ? `${reasonId}-${action}` : undefined}
                  onClick={() => onAction(action)}
                >
                  {t(`couponing.actions.labels.${action}`)}
                </Button>
              ))}
            </div>
            {/* Why an action is not possible now, next to the disabled buttons. */}
            {details.actions.some((a) => a.reason) ? (
              <ul className="space-y-1 text-sm text-slate-500">
                {details.actions.map((offered) =>
                  offered.reason ? (
                    <li key={offered.action} id={`${reasonId}-${offered.action}`}>
                      <span className="font-medium text-slate-700">{t(`couponing.actions.labels.${offered.action}`)}:</span>{' '}
                      {refusalText(t, card, offered)}
                    </li>
                  ) : null,
                )}
              </ul>
            ) : null}
          </div>
        )}
      </div>
      <ConfirmDialog
        action={confirm}
        serial={card.serial}
        busy={busy !== null}
        onConfirm={(action) => void send(action)}
        onClose={() => {
          if (busy === null) setConfirm(null);
        }}
      />
    </Card>
  );
}

/** What the last booking came to: done (green) or failed (red), each closable. */
function OutcomeAlerts({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  const t = useT();
  const done = outcome?.kind === 'done' ? doneAlert(t, outcome) : null;
  return (
    <>
      {done ? (
        <Alert theme="green" title={done.title} onClose={onClose} closeLabel={t('common.close')}>
          {done.text}
        </Alert>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <Alert theme="red" role="alert" title={t('couponing.actions.failed')} onClose={onClose} closeLabel={t('common.close')}>
          {outcome.message}
        </Alert>
      ) : null}
    </>
  );
}
