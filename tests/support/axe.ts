import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * WCAG 2.1 A and AA checks by axe-core (the library made for it) for the browser tests. axe-core's own script is
 * put into the page once per page load and `axe.run` asked for violations only: @axe-core/playwright's
 * AxeBuilder injects it again on every check and finishes each run in a new blank page, which made a check
 * 4-6 times slower than the run itself (pages here have no frames, the case that needs it).
 */
const fromPlaywrightAxe = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
/** The axe-core that @axe-core/playwright depends on (so its version is the one package-lock.json pins). */
const AXE_SOURCE = readFileSync(fromPlaywrightAxe.resolve('axe-core/axe.min.js'), 'utf8');
/** The part of axe's result read here. */
type Violations = { violations: { id: string; impact?: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[] };
const RUN = `axe.run(document, {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  resultTypes: ['violations'],
})`;

/**
 * Waits (at most 2 s) for the page's finite CSS transitions and animations to end: a button enabled a moment ago is
 * still fading from its disabled colour (`transition-colors`), and axe would measure that frame's contrast.
 * Endless ones (spinners) are left running.
 */
const AT_REST = `Promise.race([
  Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
    .map((a) => a.finished.catch(() => undefined))),
  new Promise((resolve) => setTimeout(resolve, 2000)),
]).then(() => true)`;

/** What axe finds serious or critical, as one line each with the rule, the element and axe's explanation (an empty list when nothing). */
export async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(AXE_SOURCE);
  await page.evaluate(AT_REST);
  const result = (await page.evaluate(RUN)) as Violations;
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(0, 2).join(' ')}`),
    );
}

/**
 * On a phone, what scrolls sideways (an empty list when nothing does): the page itself, or a table of more than three
 * columns inside its scrolling region — those become cards below 640 px (ADR 092). Evaluated in the page (a string:
 * the tests are type-checked without the DOM library).
 */
const SIDEWAYS = `(() => {
  const found = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) found.push('the page: ' + root.scrollWidth + ' > ' + root.clientWidth + ' px');
  for (const table of document.querySelectorAll('main table')) {
    const columns = table.tHead?.rows[0]?.cells.length ?? 0;
    const region = table.closest('[role=region]') ?? table.parentElement;
    if (columns > 3 && table.offsetParent !== null && region.scrollWidth > region.clientWidth + 1)
      found.push((table.caption?.textContent ?? 'a table') + ': ' + region.scrollWidth + ' > ' + region.clientWidth + ' px');
  }
  return found;
})()`;

/**
 * The screen as loaded, at desktop and phone width: what axe finds at each, and on the phone what scrolls
 * sideways (longer French and Polish labels show there first, ADR 088), each line prefixed with `label`.
 * Back at desktop width afterwards.
 */
export function checkBothWidths(page: Page, label: string): Promise<string[]> {
  return checkWidths(page, label, [1280, 375]);
}

/**
 * The screen as loaded, at phone width only: what axe finds and what scrolls sideways. For the locale walks (ADR 159):
 * a locale changes the texts, not the markup or the colours that `checkBothWidths` checks in English, and longer
 * texts break the narrow layout first.
 */
export function checkPhoneWidth(page: Page, label: string): Promise<string[]> {
  return checkWidths(page, label, [375]);
}

async function checkWidths(page: Page, label: string, widths: number[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 640 ? 740 : 860 });
    found.push(...(await violations(page)).map((v) => `${label} @${width}px: ${v}`));
    if (width < 640) found.push(...((await page.evaluate(SIDEWAYS)) as string[]).map((v) => `${label} @${width}px scrolls sideways: ${v}`));
  }
  await page.setViewportSize({ width: 1280, height: 860 });
  return found;
}
