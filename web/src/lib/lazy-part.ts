import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound for any props
type Part<M, K extends keyof M> = M[K] extends ComponentType<any> ? M[K] : never;

/**
 * A part of a screen loaded with its own chunk on first render (React.lazy), picked by its named export, so its
 * module keeps named exports: `lazyPart(() => import('./x.tsx'), 'X')`, or with a shared loader that a quiet preload
 * also starts on intent (the pattern of ADR 128). The `import()` stays at the call site, so the bundler splits each
 * part as it would without this helper. Route elements use app/lazy-route.ts (catalogues and the data layer too).
 */
export const lazyPart = <M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<Part<M, K>> =>
  lazy(() => load().then((module) => ({ default: module[name] as Part<M, K> })));
