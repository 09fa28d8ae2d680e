import type { AuditEntry, RequestDetail, RequestStatus, WorkflowItemDefinition } from '@portal/core/workflow';
import { REQUEST_STATUSES } from '@portal/core/workflow';
import { type MessageKey, type MessageParams, optionalText, type Translate, useT } from '../../../i18n/index.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';
import { answerText } from '../model/answer-text.ts';

/**
 * The request's audit trail in words (ADR 046): each entry is a sentence in the user's language —
 * "Conrad Connect answered “Store name”: “Nordmarkt” → “Nordmarkt Mitte”" — naming steps and items by the
 * names of the request's workflow version, files by their names, values in the user's format, and keeping
 * before → after visible. What the backend wrote (packages/backend/src/workflow: request-entity,
 * request-transitions, request-answers, request-files, request-comment-service) is read as stored: an older entry without `actorName` shows the username; an action this screen does not know shows
 * its catalogue name and the raw field changes, as before.
 */
type Json = AuditEntry['after'];
/** A sentence of the catalogue's `requestPage.audit.sentences`. */
type SentenceKey = MessageKey extends infer K ? (K extends `requestPage.audit.sentences.${infer S}` ? S : never) : never;
type Sentence = { text: string; /** A second line: a status change, a comment or an enquiry. */ detail?: string; quote?: boolean };

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const isStatus = (v: unknown): v is RequestStatus => typeof v === 'string' && REQUEST_STATUSES.some((s) => s === v);

/** What changed a value: "before → after" of the fields an entry names, short (the fallback for unknown actions). */
function rawChange(entry: AuditEntry): string {
  const names = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return [...names].map((name) => `${name}: ${show(entry.before?.[name])} → ${show(entry.after?.[name])}`).join('; ');
}

/** An action's name in the user's language; one the catalogue does not know shows as the server wrote it. */
function actionText(action: string): string {
  return optionalText(`requestPage.audit.actions.${action}`) ?? action;
}

/** Turns entries into sentences against one request detail (its workflow version, files, comments) and the user's format. */
function sentences(t: Translate, detail: RequestDetail, locale: string) {
  const steps = detail.workflow.steps;
  const stepName = (stepId: string | null) => steps.find((s) => s.stepId === stepId)?.name ?? stepId ?? '';
  const definition = (stepId: string | null, itemId: unknown): WorkflowItemDefinition | undefined =>
    steps.find((s) => s.stepId === stepId)?.items.find((i) => i.itemId === itemId);
  const quoted = (text: string) => t('requestPage.audit.quoted', { text });
  // A file's name: on the item now, else as its upload entry recorded it (a removed file).
  const fileName = (fileId: unknown) =>
    detail.items.flatMap((i) => i.files).find((f) => f.fileId === fileId)?.name ??
    str(detail.audit.find((e) => e.action === 'upload' && e.after?.['fileId'] === fileId)?.after?.['name']) ??
    String(fileId ?? '');
  /** An answer as the user reads it: a date or a number in their format, a text or choice quoted. */
  const value = (def: WorkflowItemDefinition | undefined, v: unknown) => {
    const text = str(v);
    if (text === undefined || text === '') return t('requestPage.audit.none');
    return def?.type === 'date' || def?.type === 'number' ? answerText(def.type, text, locale) : quoted(text);
  };
  const statusChange = (entry: AuditEntry) => {
    const [from, to] = [entry.before?.['status'], entry.after?.['status']];
    return isStatus(from) && isStatus(to) && from !== to
      ? t('requestPage.audit.statusChange', { before: t(`requests.status.${from}`), after: t(`requests.status.${to}`) })
      : undefined;
  };
  const say = (key: SentenceKey, params: MessageParams) => t(`requestPage.audit.sentences.${key}`, params);
  const withNote = (text: string, note: unknown, entry: AuditEntry): Sentence => {
    const comment = str(note);
    const status = statusChange(entry);
    return comment ? { text, detail: comment, quote: true } : { text, ...(status ? { detail: status } : {}) };
  };

  return (entry: AuditEntry): Sentence | null => {
    const after: NonNullable<Json> = entry.after ?? {};
    const before: NonNullable<Json> = entry.before ?? {};
    const step = quoted(stepName(entry.stepId));
    switch (entry.action) {
      case 'create':
        return {
          text: say('create', { workflow: detail.workflow.name, version: num(after['workflowVersion']) ?? detail.request.workflowVersion }),
        };
      case 'submit': {
        const answers = num(after['answers']);
        const text = answers === undefined ? say('submit', { step }) : say('submitAnswers', { step, count: answers });
        return withNote(text, after['enquiry'], entry);
      }
      case 'answer': {
        const def = definition(entry.stepId, after['item'] ?? before['item']);
        const item = quoted(def?.label ?? String(after['item'] ?? before['item'] ?? ''));
        const [was, now] = [str(before['answer']) ?? '', str(after['answer']) ?? ''];
        if (now === '') return { text: say('answerCleared', { item, before: value(def, was) }) };
        if (was === '') return { text: say('answerFirst', { item, after: value(def, now) }) };
        return { text: say('answerChanged', { item, before: value(def, was), after: value(def, now) }) };
      }
      case 'upload':
        return {
          text: say('upload', {
            file: str(after['name']) ?? fileName(after['fileId']),
            item: quoted(definition(entry.stepId, after['item'])?.label ?? String(after['item'])),
          }),
        };
      case 'remove-file':
        return {
          text: say('removeFile', {
            file: str(before['name']) ?? fileName(before['fileId']),
            item: quoted(definition(entry.stepId, before['item'])?.label ?? String(before['item'])),
          }),
        };
      case 'comment': {
        const comment = detail.comments.find((c) => c.commentId === after['commentId'])?.comment;
        const pin = num(after['pin']);
        const page = num(after['page']);
        // A pin on a file (and page), a note on a file, or a comment on the item.
        const text =
          pin !== undefined
            ? say(page !== undefined ? 'pinPage' : 'pin', { pin, file: fileName(after['fileId']), page: page ?? '' })
            : typeof after['fileId'] === 'string'
              ? say('note', { file: fileName(after['fileId']) })
              : say('comment', { item: quoted(definition(entry.stepId, after['item'])?.label ?? String(after['item'])) });
        return comment ? { text, detail: comment, quote: true } : { text };
      }
      case 'approve':
        return withNote(say(after['status'] === 'approved' ? 'approveFinal' : 'approve', { step }), after['comment'], entry);
      case 'reject':
        return withNote(say('reject', { step }), after['comment'], entry);
      case 'archive':
        return withNote(say('archive', {}), undefined, entry);
      default:
        return null;
    }
  };
}

/** The request's audit trail, oldest first (who, when, what, before and after), in words. */
export function AuditTrail({ detail }: { detail: RequestDetail }) {
  const t = useT();
  const format = useUserFormat();
  const sentenceOf = sentences(t, detail, format.locale);
  return (
    <ol className="divide-y divide-slate-100 text-sm">
      {detail.audit.map((entry, index) => {
        const sentence = sentenceOf(entry);
        return (
          <li key={`${entry.at}-${index}`} className="grid gap-1 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
            <span className="text-slate-500 tabular-nums">{formatDateTime(entry.at, format)}</span>
            <div className="min-w-0">
              <p className="break-words text-slate-900">
                <span className="font-medium">{entry.actorName ?? entry.actor}</span> {sentence ? sentence.text : actionText(entry.action)}
                {!sentence && entry.stepId ? <span className="text-slate-500"> · {entry.stepId}</span> : null}
              </p>
              {sentence?.detail ? (
                <p
                  className={
                    sentence.quote
                      ? 'mt-1 whitespace-pre-line break-words border-l-2 border-slate-200 pl-2 text-slate-700'
                      : 'break-words text-xs text-slate-500'
                  }
                >
                  {sentence.detail}
                </p>
              ) : null}
              {!sentence && (entry.before || entry.after) ? <p className="break-words text-xs text-slate-500">{rawChange(entry)}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
