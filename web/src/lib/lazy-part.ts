import { type ComponentType, lazy } from 'react';

/**
 * A part of a screen loaded with its own chunk on first render (React.lazy), picked by its named export, so its
 * module keeps named exports: `lazyPart(() => import('./x.tsx'), 'X')`, or with a shared loader that a quiet preload
 * also starts on intent (the pattern of ADR 128). The `import()` stays at the call site, so the bundler splits each
 * part as it would without this helper (ADR 158). Route elements use app/lazy-route.ts (catalogues and the data layer too).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound for any props
export const lazyPart = <M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));
