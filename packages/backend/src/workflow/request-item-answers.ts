import type { WorkflowItemDefinition } from '@portal/core/workflow';

/**
 * Whether an answer fits its item (ADR 046): text any (up to the contract's 4000 characters), number
 * a finite decimal, date a real calendar day YYYY-MM-DD, choice one of the options; an empty answer clears
 * it. File and screenflow items are answered by uploads. The message, or null when the answer is fine.
 */
export function answerProblem(def: WorkflowItemDefinition, raw: string): string | null {
  const answer = raw.trim();
  if (def.type === 'file' || def.type === 'screenflow') return `"${def.label}" is answered by uploading a file.`;
  if (answer === '') return null;
  switch (def.type) {
    case 'text':
      return null;
    case 'number':
      return /^-?\d{1,15}([.,]\d{1,6})?$/.test(answer) ? null : `"${def.label}" needs a number, e.g. 42 or 3.5.`;
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(answer);
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
      return d && d.toISOString().slice(0, 10) === answer ? null : `"${def.label}" needs a date as YYYY-MM-DD.`;
    }
    case 'choice':
      return def.options?.includes(answer) ? null : `"${def.label}" must be one of: ${(def.options ?? []).join(', ')}.`;
  }
}
