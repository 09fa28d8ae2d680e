/**
 * The clock of a suite against the local S3: the real time, since the stand-in judges a presigned form's
 * expiry by its own clock as S3 does (ADR 050), moved a second per reading so comments and audit entries get
 * distinct times, as they would.
 */
export function tickingClock(): () => Date {
  const start = Date.now();
  let ticks = 0;
  return () => new Date(start + ++ticks * 1000);
}
