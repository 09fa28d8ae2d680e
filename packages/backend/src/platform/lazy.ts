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

/** What `lazyService` can stand in for: a service whose members are all async functions. */
type AsyncService = { [name: string]: (...args: never[]) => Promise<unknown> };

/**
 * A service whose module loads on its first call (`lazy` above): every method forwards to the loaded
 * service. For the API's domains that few requests touch (connect transactions, serial lookup, products,
 * the import kinds used by tools), so their code is a chunk of its own rather than part of the cold start
 * (budgets.json api.initialMinified). Only async methods can be forwarded, which the type enforces.
 */
export function lazyService<T extends AsyncService>(load: () => Promise<T>): T {
  const service = lazy(load);
  return new Proxy({} as T, {
    get: (_target, name) =>
      // Not a thenable (`then` undefined): awaiting or inspecting the stand-in must not load anything.
      typeof name !== 'string' || name === 'then'
        ? undefined
        : async (...args: unknown[]): Promise<unknown> => {
            const loaded = await service();
            const method: unknown = Reflect.get(loaded, name);
            if (typeof method !== 'function') throw new TypeError(`no method '${name}' on the lazily loaded service`);
            return method.apply(loaded, args);
          },
  });
}
