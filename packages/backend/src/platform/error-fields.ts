/**
 * A text field (name, message, code) of whatever was thrown: its value where it is a string, else undefined,
 * as reading it off an Error would answer; a thrown string or null has none.
 */
export function errorField(error: unknown, field: 'name' | 'message' | 'code'): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const value: unknown = Reflect.get(error, field);
  return typeof value === 'string' ? value : undefined;
}
