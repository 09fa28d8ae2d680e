import { describe, expect, it } from 'vitest';
import { measureWeb, overBudget, readWebBudgets } from '../../scripts/web-size.ts';

// The web build's byte budgets (budgets.json). In the e2e project because its global setup builds
// web/dist (the local runtime's `vite build`), so the figures are those of this checkout. Bytes are
// deterministic: a regression above a ceiling fails CI. `target` is the goal, `ceiling` what is enforced.
describe('web byte budgets (budgets.json)', () => {
  const sizes = measureWeb();
  const budgets = readWebBudgets();

  it('keeps the login page initial JS and every route chunk within their ceilings', () => {
    expect(overBudget(sizes, budgets)).toEqual([]);
  });

  it('keeps each ceiling at or above its target, so a target never fails CI on its own', () => {
    for (const budget of Object.values(budgets)) expect(budget.ceiling).toBeGreaterThanOrEqual(budget.target);
  });

  it('follows the entry into its static imports (the login page loads them before it renders)', () => {
    expect(sizes.initialFiles.length).toBeGreaterThan(1);
    expect(sizes.initialFiles[0]).toMatch(/^assets\/index-.*\.js$/);
  });
});
