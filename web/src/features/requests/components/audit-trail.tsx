import type { AuditEntry } from '@portal/core/workflow';
import { type MessageKey, type Translate, useT } from '../../../i18n/index.ts';
import { formatDateTime, useUserFormat } from '../../../lib/user-format.ts';

/** What changed a value: "before → after" of the fields an entry names, short. */
function change(entry: AuditEntry): string {
  const names = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return [...names].map((name) => `${name}: ${show(entry.before?.[name])} → ${show(entry.after?.[name])}`).join('; ');
}

/** An action's name in the user's language; one the catalogue does not know shows as the server wrote it. */
function actionText(t: Translate, action: string): string {
  const key = `requests.audit.actions.${action}`;
  const text = t(key as MessageKey);
  return text === key ? action : text;
}

/** The request's audit trail, oldest first (who, when, what, before and after). */
export function AuditTrail({ audit }: { audit: AuditEntry[] }) {
  const t = useT();
  const format = useUserFormat();
  return (
    <ol className="divide-y divide-slate-100 text-sm">
      {audit.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="grid gap-1 py-2 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
          <span className="text-slate-500 tabular-nums">{formatDateTime(entry.at, format)}</span>
          <div className="min-w-0">
            <p className="text-slate-900">
              <span className="font-medium">{entry.actor}</span> · {actionText(t, entry.action)}
              {entry.stepId ? <span className="text-slate-500"> · {entry.stepId}</span> : null}
            </p>
            {entry.before || entry.after ? <p className="break-words text-xs text-slate-500">{change(entry)}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
