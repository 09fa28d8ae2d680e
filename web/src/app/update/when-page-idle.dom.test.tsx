import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, whenPageIdle } from './when-page-idle.ts';

/** The resource entries a PerformanceObserver would report: `finish()` stands for a request that just ended. */
function fakeResourceObserver() {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      constructor(callback: () => void) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {
        callbacks.splice(0);
      }
    },
  );
  return { finish: () => callbacks.forEach((callback) => callback()) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('whenPageIdle (ADR 125: the service worker registers once the page is idle)', () => {
  it('waits until the page has fetched nothing for a while after its load, and marks that moment', () => {
    vi.useFakeTimers();
    const mark = vi.spyOn(performance, 'mark');
    const network = fakeResourceObserver();
    const then = vi.fn();
    whenPageIdle(then);
    vi.advanceTimersByTime(QUIET_MS - 1);
    network.finish(); // a lazy chunk or an API answer came in: the quiet starts again
    vi.advanceTimersByTime(QUIET_MS - 1);
    expect(then).not.toHaveBeenCalled();
    expect(mark).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The byte budgets stop counting at this mark (scripts/bench/page-load.ts `pageIdleAt`).
    expect(mark).toHaveBeenCalledExactlyOnceWith('portal:idle');
    vi.runOnlyPendingTimers(); // the idle callback (a timeout where the browser has no requestIdleCallback)
    expect(then).toHaveBeenCalledTimes(1);
    network.finish();
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest a fixed time after the load, on a page that keeps fetching', () => {
    vi.useFakeTimers();
    const network = fakeResourceObserver();
    const then = vi.fn();
    whenPageIdle(then);
    for (let waited = 0; waited < MAX_WAIT_MS; waited += QUIET_MS / 2) {
      expect(then).not.toHaveBeenCalled();
      vi.advanceTimersByTime(QUIET_MS / 2);
      network.finish();
    }
    vi.runOnlyPendingTimers();
    expect(then).toHaveBeenCalledTimes(1);
  });
});
