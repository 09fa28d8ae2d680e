import { gtinCheckDigit } from '@portal/core/shared';

/** A valid EAN-13 in a suite's own range: the three-digit `prefix`, `n` in nine digits, the check digit. */
export function testEan(prefix: string, n: number): string {
  const body = `${prefix}${String(n).padStart(9, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}
