import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// React's act() environment flag, so state updates in tests are flushed without warnings.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});
