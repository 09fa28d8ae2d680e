import type { Migration } from '@portal/backend/platform/db';

/** What a migration runner made to die by `dyingOnPage` throws. */
export const RUNNER_DIED = 'the runner died';

/**
 * `migration` run by a runner that dies on its page `page` (counted from 1 across runs of the returned
 * migration): before that page's writes, or with `afterWrites` after them and before the checkpoint. The run
 * that resumes it (another owner, once the lease ran out) goes on with the pages after that. `onPage` hears
 * each page before it is applied.
 */
export function dyingOnPage(
  migration: Migration,
  page: number,
  { afterWrites = false, onPage }: { afterWrites?: boolean; onPage?: (items: Record<string, unknown>[]) => void } = {},
): Migration {
  let pages = 0;
  return {
    ...migration,
    async apply(db, items) {
      const dies = ++pages === page;
      if (dies && !afterWrites) throw new Error(RUNNER_DIED);
      onPage?.(items);
      await migration.apply(db, items);
      if (dies) throw new Error(RUNNER_DIED);
    },
  };
}

/** `migration` walked in one segment, so its pages come in one order and a stop falls where the test says. */
export const oneSegment = (migration: Migration): Migration => ({ ...migration, scan: { ...migration.scan, segments: 1 } });
