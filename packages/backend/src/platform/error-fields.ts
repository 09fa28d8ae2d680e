/**
 * A text field (name, message, code) of whatever was thrown: its value where it is a string, else undefined,
 * as reading it off an Error would answer; a thrown string or null has none.
 */
export function errorField(error: unknown, field: 'name' | 'message' | 'code'): string | undefined {
  const value = fieldOf(error, field);
  return typeof value === 'string' ? value : undefined;
}

/** A field of whatever was thrown (or of a part of it), unread; undefined where it is no object. */
export function fieldOf(value: unknown, field: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, field) : undefined;
}

/** The HTTP status an AWS SDK error carries in its `$metadata`; undefined where it has none. */
export function errorHttpStatus(error: unknown): number | undefined {
  const status = fieldOf(fieldOf(error, '$metadata'), 'httpStatusCode');
  return typeof status === 'number' ? status : undefined;
}
