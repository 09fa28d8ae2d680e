/**
 * A value made on first use and shared after: `load` runs on the first call, every caller awaits the same
 * promise, and a failed load is forgotten so the next call tries again. The API Lambda uses it with
 * `import()` for what most requests never touch (the SES, KMS and Scheduler clients, SSO, TOTP): with code
 * splitting (infra/api-bundling.ts) those modules are chunks read on first use, not at cold start.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
}
