import { registerSW } from 'virtual:pwa-register';
import { startAppUpdates } from './app-update.ts';

/**
 * Loaded by main.tsx after the first paint: vite-plugin-pwa's registration (it imports workbox-window
 * lazily) from the app's own bundle, never an inline script (ADR 023, 091). Not in the vitest projects,
 * which have no such virtual module: app-update.ts takes the function.
 */
startAppUpdates(registerSW);
