import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NearView } from './near-view.tsx';

/** What a part below the first view shows until it is near the viewport, the page is idle or a key is pressed. */
const IDLE = 'portal:idle';
let reportNear: (() => void) | undefined;

class FakeObserver {
  constructor(private readonly callback: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    reportNear = () => this.callback([{ isIntersecting: true }]);
  }
  disconnect() {
    reportNear = undefined;
  }
}

const part = () => render(<NearView placeholder={<p>waiting</p>}>{<p>the part</p>}</NearView>);

describe('NearView', () => {
  beforeEach(() => {
    performance.clearMarks(IDLE);
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until the place comes near the viewport', () => {
    part();
    expect(screen.getByText('waiting')).toBeTruthy();
    act(() => reportNear?.());
    expect(screen.getByText('the part')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('shows the part on the first key pressed (a keyboard user tabbing toward it)', () => {
    part();
    act(() => void fireEvent.keyDown(window, { key: 'Tab' }));
    expect(screen.getByText('the part')).toBeTruthy();
  });

  it('shows the part at once where the page has been idle', () => {
    performance.mark(IDLE);
    part();
    expect(screen.getByText('the part')).toBeTruthy();
  });
});
