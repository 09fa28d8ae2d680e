import { defineConfig } from 'vitest/config';

// One `vitest run` executes every suite; each project has its own setup.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['packages/**/*.test.ts', 'functions/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/stand-ins.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
          exclude: ['web/src/**/*.dom.test.tsx'],
          environment: 'node',
        },
      },
      {
        // Route-level tests of the web: a screen through the real routes, in a DOM, against a fake fetch.
        test: {
          name: 'web-dom',
          include: ['web/src/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test/dom-setup.ts'],
          // A screen's first render loads its lazy route chunks through Vite's transform: on CI's two shared
          // cores that alone has taken over 5 s (the default), so one limit for every route test.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'guardrails',
          include: ['tests/guardrails/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/local-server.ts'],
          // The global setup starts the runtime without waiting for it; each file waits here (tests/setup/local-server.ts).
          setupFiles: ['tests/setup/e2e-ready.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
