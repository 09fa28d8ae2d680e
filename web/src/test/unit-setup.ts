import { beforeEach } from 'vitest';
import { resetStores } from '../lib/store.ts';

// The web's unit files share a worker's modules (ADR 162): each test starts with the stores as a fresh page has them
// (the stores of loaded code and texts stay).
beforeEach(() => {
  resetStores();
});
