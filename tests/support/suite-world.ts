import { afterAll } from 'vitest';

/**
 * What a test file starts once (in its beforeAll, `set`) and stops after its tests (`stop`). `view(keys)`
 * answers an object whose fields read the started world at each access, so the tests use them directly;
 * a read before the start throws, naming `what`.
 */
export function suiteWorld<T>(what: string, stop: (world: T) => Promise<unknown>) {
  let world: T | undefined;
  const started = (): T => {
    if (world === undefined) throw new Error(`${what}: not started (start it in beforeAll).`);
    return world;
  };
  afterAll(async () => {
    if (world !== undefined) await stop(world);
  });
  return {
    set: (value: T): T => (world = value),
    started,
    view<K extends keyof T>(keys: readonly K[]): Pick<T, K> {
      const view = {};
      for (const key of keys) Object.defineProperty(view, key, { enumerable: true, get: () => started()[key] });
      // The properties defined above are exactly Pick<T, K>'s.
      return view as Pick<T, K>;
    },
  };
}
