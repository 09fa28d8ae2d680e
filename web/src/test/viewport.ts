import { act, waitFor } from '@testing-library/react';
import { expect, onTestFinished } from 'vitest';

interface HappyDomWindow {
  happyDOM: { setViewport(viewport: { width?: number; height?: number }): void };
}

const isHappyDom = (w: Window): w is Window & HappyDomWindow => 'happyDOM' in w;

const DEFAULT = { width: 1024, height: 768 };

function setViewport(viewport: { width: number; height: number }): void {
  if (!isHappyDom(window)) throw new Error('viewport: the web-dom tests run in happy-dom');
  window.happyDOM.setViewport(viewport);
}

/**
 * The test's viewport width (happy-dom's `matchMedia` answers for it; a mounted list switches layout as on a resize)
 * and happy-dom's default 1024 × 768 again when the test ends. Call it before rendering to start at that width, or
 * after to resize a mounted screen (ADR 145: a list renders its phone cards or its table for the current width).
 */
export function setViewportWidth(width: number): void {
  act(() => setViewport({ width, height: 800 }));
  onTestFinished(() => setViewport(DEFAULT));
}

/**
 * A list that renders its phone cards below `breakpoint` px and its table from there (ADR 145), mounted at a
 * phone's width: the cards only (one below the breakpoint too), then the table only at the breakpoint, then the
 * cards again after a resize back. `cards` finds the phone's list, `table` the table (by their accessible names).
 */
export async function expectLayoutPerWidth({
  breakpoint,
  cards,
  table,
}: {
  breakpoint: 640 | 768;
  cards: () => HTMLElement | null;
  table: () => HTMLElement | null;
}): Promise<void> {
  await waitFor(() => expect(cards()).not.toBeNull());
  expect(table()).toBeNull();
  setViewportWidth(breakpoint - 1);
  expect(cards()).not.toBeNull();
  expect(table()).toBeNull();
  setViewportWidth(breakpoint);
  expect(table()).not.toBeNull();
  expect(cards()).toBeNull();
  setViewportWidth(375);
  expect(cards()).not.toBeNull();
  expect(table()).toBeNull();
}
