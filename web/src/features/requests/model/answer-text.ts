import type { WorkflowItemType } from '@portal/core/workflow';
import { formatCalendarDay, formatNumber } from '../../../lib/user-format.ts';

/** An answer as the user reads it: a date or a number in their format (decimals as typed), else the text. */
export function answerText(type: WorkflowItemType | undefined, text: string, locale: string): string {
  if (type === 'date') return formatCalendarDay(text, locale);
  if (type === 'number' && Number.isFinite(Number(text))) return formatNumber(Number(text), locale, text.split('.')[1]?.length ?? 0);
  return text;
}
