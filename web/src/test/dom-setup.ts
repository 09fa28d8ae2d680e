import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { FALLBACK_LOCALE, loadMessages, onMissingKey } from '../i18n/index.ts';
import { resetStores } from '../lib/store.ts';

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
  const keys = [...missingKeys];
  missingKeys.clear();
  if (keys.length > 0) throw new Error(`The screen rendered catalogue keys without a text: ${keys.join(', ')}`);
});

// The DOM files share a worker's modules and their DOM (ADR 162). Each test starts with the stores as a fresh page has
// them (storage is cleared after each test above; the stores of loaded code and texts stay). At the start, not after
// the test: an answer still on its way when a test ended may set a store after its last hook.
beforeEach(() => {
  resetStores();
});
// Each file starts in English, with no spies and no performance marks (a file may mark the page idle:
// app/update/when-page-idle.ts).
beforeAll(async () => {
  vi.restoreAllMocks();
  performance.clearMarks();
  await loadMessages(FALLBACK_LOCALE);
});
