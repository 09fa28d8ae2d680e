/**
 * A job's progress write, throttled (ADR 033, 041): `write` at most every `everyMs` (counted from now); a
 * call in between answers true without writing. The export and the report runner write their progress
 * (and learn of a cancel) through it.
 */
export function throttled<A>(everyMs: number, write: (arg: A) => Promise<boolean>): (arg: A) => Promise<boolean> {
  let last = Date.now();
  return async (arg) => {
    if (Date.now() - last < everyMs) return true;
    last = Date.now();
    return write(arg);
  };
}
