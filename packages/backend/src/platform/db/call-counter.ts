import type { Db } from './client.ts';

/**
 * Counts the DynamoDB calls made through a Db's client: tests assert and benchmarks report how many
 * calls one read or request costs. `counted(run)` answers what `run` answers and the calls made while
 * it ran (anything else running meanwhile counts too: measure one thing at a time). `stop()` removes
 * the counter.
 */
export function countCalls(db: Db, name = 'countCalls') {
  let total = 0;
  db.doc.middlewareStack.add(
    (next) => async (args) => {
      total += 1;
      return next(args);
    },
    { step: 'initialize', name },
  );
  return {
    async counted<T>(run: () => Promise<T>): Promise<{ result: T; calls: number }> {
      const before = total;
      const result = await run();
      return { result, calls: total - before };
    },
    stop: () => db.doc.middlewareStack.remove(name),
  };
}
