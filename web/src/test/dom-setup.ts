import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { onMissingKey } from '../i18n/index.ts';
import { customerMemory } from '../lib/customer-memory.ts';

// React's act() environment flag, so state updates in tests are flushed without warnings.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// findBy*/waitFor wait up to 1 s by default: a screen whose lazy chunks are still going through Vite's
// transform on two loaded cores has missed that. Correct screens only pass sooner; the test limit stays 20 s.
configure({ asyncUtilTimeout: 8_000 });

// A screen that renders a catalogue key instead of its text (a key missing from the catalogues the route
// loads) fails its test: the i18n layer reports every lookup that found no text.
const missingKeys = new Set<string>();
onMissingKey((key) => missingKeys.add(key));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
  // Persistent stores keep their value in memory too: every test starts without a remembered customer.
  customerMemory.set([]);
  const keys = [...missingKeys];
  missingKeys.clear();
  if (keys.length > 0) throw new Error(`The screen rendered catalogue keys without a text: ${keys.join(', ')}`);
});
