import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { filesThatChangeWhatOthersLoad } from './tests/support/test-isolation.ts';
import { E2E_LANES } from './tests/support/e2e-lane.ts';

const SERVER_ROOTS = ['packages', 'functions', 'scripts'];
const SERVER = {
  include: SERVER_ROOTS.map((root) => `${root}/**/*.test.ts`),
  environment: 'node',
  globalSetup: ['tests/setup/stand-ins.ts'],
  setupFiles: ['tests/setup/server-file.ts'],
  // Two files share the two cores (maxWorkers below): a set-up hook gets the headroom of a test.
  testTimeout: 20_000,
  hookTimeout: 20_000,
};
const SERVER_ISOLATED = filesThatChangeWhatOthersLoad(SERVER_ROOTS);
const WEB_DOM = {
  include: ['web/src/**/*.dom.test.tsx'],
  environment: 'happy-dom',
  setupFiles: ['web/src/test/dom-setup.ts'],
  // A screen's first render loads its lazy route chunks through Vite's transform: on CI's two shared
  // cores that alone has taken over 5 s (the default), so one limit for every route test.
  testTimeout: 20_000,
};
const WEB_DOM_ISOLATED = filesThatChangeWhatOthersLoad(['web/src'], { suffix: '.dom.test.tsx', stubsUndone: true });

// One `vitest run` executes every suite; each project has its own setup.
export default defineConfig({
  test: {
    // A worker per core (vitest's default leaves one core to itself: on CI's two cores, one file at a time).
    // A server file keeps about one core busy between its worker and DynamoDB Local, so two run side by side;
    // the e2e files run after the others, in lanes (below).
    maxWorkers: availableParallelism(),
    projects: [
      // The server files share a worker's modules (ADR 160): each loads the backend and the AWS SDK once per worker, not
      // once per file. A file that changes what other files would load (a module mocked, an AWS client's class or a
      // global stubbed) runs in a module graph of its own; what a file sets in process.env is undone after it.
      {
        test: {
          ...SERVER,
          name: 'server',
          exclude: [...configDefaults.exclude, ...SERVER_ISOLATED],
          isolate: false,
        },
      },
      {
        test: { ...SERVER, name: 'server-isolated', include: SERVER_ISOLATED },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.ts', 'web/src/**/*.test.tsx'],
          exclude: ['web/src/**/*.dom.test.tsx'],
          environment: 'node',
          // As the DOM files (ADR 162): one module graph per worker, the stores reset before each test.
          isolate: false,
          setupFiles: ['web/src/test/unit-setup.ts'],
          unstubGlobals: true,
        },
      },
      // Route-level tests of the web: a screen through the real routes, in a DOM, against a fake fetch. They share a
      // worker's modules as the server files do (ADR 162): the stores of what a user did are put back after each file
      // (web/src/test/dom-setup.ts); a file that mocks a module has a module graph of its own.
      {
        test: {
          ...WEB_DOM,
          name: 'web-dom',
          exclude: [...configDefaults.exclude, ...WEB_DOM_ISOLATED],
          isolate: false,
        },
      },
      {
        test: { ...WEB_DOM, name: 'web-dom-isolated', include: WEB_DOM_ISOLATED },
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
          // Infra files take turns among themselves (each synthesis rewrites the repo's .sst), not with the rest.
          setupFiles: ['tests/infra/one-file-at-a-time.ts'],
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
          // The global setup starts a runtime per lane without waiting for it; each file takes a ready lane of its
          // own here (tests/setup/e2e-ready.ts): a worker per lane, the lanes side by side, in a group after the
          // other projects' files (their CPU is spent by then; the starts ran beside them).
          setupFiles: ['tests/setup/e2e-ready.ts'],
          maxWorkers: E2E_LANES,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
