import { TerminalId } from '@portal/core/couponing';

/**
 * Which rule an input breaks, so the screen words it through i18n. The rules themselves are core's
 * (parseSerialList, TerminalId); core words them in English only.
 */

export type TerminalIdProblem = 'required' | 'tooLong' | 'characters';

/** What is wrong with a terminal id by core's TerminalId rule, or null when it is fine. */
export function terminalIdProblem(value: string): TerminalIdProblem | null {
  const result = TerminalId.safeParse(value);
  if (result.success) return null;
  const code = result.error.issues[0]?.code;
  return code === 'too_small' ? 'required' : code === 'too_big' ? 'tooLong' : 'characters';
}
