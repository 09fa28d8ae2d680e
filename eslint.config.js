// ESLint flat config for the whole monorepo (ADR 007: why ESLint and not Biome). Besides the code rules it
// holds the guardrails of the layout (docs/layout.md): import zones between the workspaces and between web
// features, no import cycles, kebab-case file and folder names. tests/guardrails/ shows each one failing.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** web/src/features/<feature>: each may import only itself (and app-wide code outside features/). */
const features = readdirSync(join(root, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Import zones on resolved paths: `target` files may not import from `from`. */
const zones = [
  { target: './web', from: './packages/backend', message: 'The web reaches the backend only through the API (web → core).' },
  {
    target: './packages/backend',
    from: ['./functions', './web'],
    message: 'The backend never imports functions/ or the web (functions → backend → core).',
  },
  {
    target: './packages/core',
    from: ['./packages/backend', './functions', './web'],
    message: 'Core imports no other workspace: it is shared by the web and the server.',
  },
  { target: './functions', from: './web', message: 'functions/ never imports the web.' },
  {
    target: './packages/backend/src/platform',
    from: './packages/backend/src',
    except: ['./platform', './config.ts', './errors.ts'],
    message:
      'platform/ is the floor under every domain and imports none (ADR 060; its jobs/ machinery is handed payloads, columns and runners, ADR 059).',
  },
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Features never import each other; web/src/app composes them (or move shared code to web/src/lib or components/).',
  })),
];

/**
 * The backend's domains (ADR 060): each folder of packages/backend/src but platform/, with its face
 * (`index.ts`), and the domains whose faces it may import. platform/, config.ts and errors.ts are the floor
 * under them all; src/index.ts, the composition root, wires every domain (its lazy services load their own
 * files, ADR 038). A new folder is a new domain: add it here, and to the map in ADR 060.
 */
const BACKEND = './packages/backend/src';
const backendDomains = {
  customers: [],
  accounts: [],
  brands: [],
  audit: ['accounts', 'brands'],
  auth: ['accounts', 'audit'],
  access: ['accounts', 'auth', 'customers'],
  masterdata: ['access', 'customers'],
  admin: ['accounts', 'audit', 'auth', 'customers'],
  sales: ['access', 'customers', 'masterdata'],
  allocation: ['access', 'customers', 'masterdata'],
  ordering: ['access', 'allocation', 'customers', 'masterdata'],
  transaction: ['access', 'customers', 'masterdata'],
  'sftp-users': ['accounts', 'customers', 'masterdata'],
  couponing: ['access', 'customers', 'masterdata', 'transaction'],
  export: ['access', 'audit', 'customers', 'masterdata', 'sales', 'transaction'],
  report: ['access', 'accounts', 'audit', 'brands', 'couponing', 'customers', 'export', 'masterdata', 'ordering', 'sales', 'transaction'],
  workflow: ['access', 'accounts', 'audit', 'customers', 'masterdata', 'report'],
  news: ['access', 'customers', 'masterdata'],
  documents: ['access', 'audit', 'customers', 'workflow'],
  company: ['access', 'customers', 'workflow'],
  logo: ['access', 'workflow'],
  import: [
    'access',
    'accounts',
    'auth',
    'brands',
    'couponing',
    'customers',
    'masterdata',
    'report',
    'sftp-users',
    'transaction',
    'workflow',
    'news',
  ],
  migration: [],
  team: ['access', 'accounts', 'audit', 'auth', 'brands', 'customers', 'masterdata'],
};
const backendFolders = readdirSync(join(root, BACKEND), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
  .map((entry) => entry.name);
const undeclared = backendFolders.filter((name) => !(name in backendDomains));
if (undeclared.length > 0)
  throw new Error(`eslint.config.js: declare the backend domain(s) ${undeclared.join(', ')} in backendDomains (ADR 060).`);
/** A domain imports its own files, the floor, and the faces of the domains it may use; a test any face. */
const domainZones = (forTests) =>
  Object.entries(backendDomains).map(([domain, uses]) => ({
    target: `${BACKEND}/${domain}`,
    from: BACKEND,
    except: [
      `./${domain}`,
      './platform',
      './config.ts',
      './errors.ts',
      ...(forTests
        ? ['./index.ts', ...Object.keys(backendDomains).flatMap((other) => [`./${other}/index.ts`, `./${other}/testing.ts`])]
        : uses.map((other) => `./${other}/index.ts`)),
    ],
    message: forTests
      ? 'A test of a domain imports other domains only through their faces (index.ts, or testing.ts for what only tests use) (ADR 060).'
      : `The ${domain} domain imports ${uses.length > 0 ? `only the faces (index.ts) of ${uses.join(', ')}` : 'no other domain'}, besides platform/ (ADR 060's map; never another domain's inner file).`,
  }));
/**
 * Other workspaces reach the backend through its faces only (ADR 060): the package's exports (`@portal/backend`,
 * `/config`, `/errors`, `/<domain>`, `/platform/<toolkit>`), never a deeper path or a relative one. A domain's
 * `testing.ts` (`/<domain>/testing`: what only tests use, such as items to set up) is for test files only.
 */
const backendExports = Object.keys(JSON.parse(readFileSync(join(root, 'packages/backend/package.json'), 'utf8')).exports)
  .filter((key) => key !== '.')
  .map((key) => key.slice(2));
const throughBackendFaces = (forTests) => [
  {
    regex: `^@portal/backend/(?!(${backendExports.filter((key) => forTests || !key.endsWith('/testing')).join('|')})$)`,
    message: forTests
      ? 'Import the backend through a face: @portal/backend, @portal/backend/<domain> (its index.ts) or /<domain>/testing (ADR 060).'
      : 'Import the backend through a face: @portal/backend, or @portal/backend/<domain> (its index.ts); /<domain>/testing is for tests only (ADR 060).',
  },
  {
    regex: '(^|/)packages/backend/',
    message: 'Import the backend by its package name and a face (@portal/backend/<domain>), never by a relative path (ADR 060).',
  },
];

/** Package imports each layer must not make (import strings, so `import type` can be allowed where it may). */
const serverOnly = ['hono', 'hono/*', '@hono/*'];
const reactOnly = ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router-dom', 'swr', 'swr/*'];
/** zod only through core's one module (ADR 027): zod/mini with its English locale, as a tree-shakable namespace. */
const ZOD_MODULE = 'packages/core/src/shared/zod.ts';
const zodThroughCore = {
  regex: '^zod(/|$)',
  message:
    "Import zod as `import * as z from '@portal/core/zod'` (in core: shared/zod.ts), the one module that loads zod/mini and its locale (ADR 027).",
};
/** Every file's restricted imports; the rule's last matching block wins, so each block repeats the zod and face ones. */
const restricted = (patterns, forTests = false) => ['error', { patterns: [...patterns, zodThroughCore, ...throughBackendFaces(forTests)] }];
/**
 * DynamoDB only in the data layer (ADR 058): its commands and key shapes live in platform/db/ (the toolkit,
 * ADR 018) and the `*-entity.ts` files, whose functions are ADR 019's named access patterns; services,
 * routes, jobs and scripts call those.
 */
const DYNAMODB_SDK = ['@aws-sdk/lib-dynamodb', '@aws-sdk/client-dynamodb'];
const dynamoDbInDataLayer = {
  group: DYNAMODB_SDK,
  message:
    'DynamoDB commands belong in the data layer: call a named access pattern of an *-entity.ts file or the platform/db toolkit (ADR 058).',
};
const backendImports = {
  group: [...serverOnly, ...reactOnly, '@portal/functions', '@portal/web'],
  message: 'The backend never imports hono, react or functions/ (functions → backend → core).',
};
/**
 * Where the DynamoDB SDK may be imported: the data layer, tests (they read the table behind the code's back
 * to check what it wrote), and one narrow exception, with its reason.
 */
const backendDataLayer = ['packages/backend/src/platform/db/**/*.ts', 'packages/backend/**/*-entity.ts', 'packages/backend/**/*.test.ts'];
const otherDataLayer = [
  'functions/**/*-entity.ts',
  'scripts/**/*-entity.ts',
  'functions/**/*.test.ts',
  'scripts/**/*.test.ts',
  // Route-gate test support: counts every item a refused request might have added with a Scan, which is no
  // access pattern of any entity (ADR 019: no Scan on a path of the product).
  'functions/api/gates/route-fuzz.ts',
];

/** `z.core.X` / `z.locales.X` as values (see the zod guardrail below). */
const zodNamespace = {
  selector: "MemberExpression[object.name='z'][property.name=/^(core|locales)$/]",
  message: 'A zod namespace used as a value keeps all of it in the bundle; export what you need by name from shared/zod.ts (ADR 027).',
};
/** The web's API calls go through `api()` only (ADR 057); the selectors a web file outside lib/api*.ts may not match. */
const viaApi =
  'Call the API through `api()` (lib/api.ts: hc<AppType> over the one fetch wrapper) and read the answer with readJson and a core contract (ADR 057).';
const oneWayToTheApi = [
  { selector: "CallExpression[callee.name='fetch']", message: viaApi },
  { selector: "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']", message: viaApi },
  { selector: 'CallExpression[callee.name=/^(fetchFor|createApiFetch|apiFetch)$/]', message: viaApi },
  { selector: "NewExpression[callee.name='XMLHttpRequest']", message: viaApi },
  { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: `An API path spelled as a string: ${viaApi}` },
  { selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: `An API path spelled as a string: ${viaApi}` },
];
const coreOnly = [
  {
    group: ['@aws-sdk/*', ...serverOnly, ...reactOnly, '@portal/backend', '@portal/backend/*', '@portal/functions', '@portal/web'],
    message: 'Core is isomorphic and free of I/O: no AWS SDK, hono, react or other workspace.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.sst/**',
      '.data/**',
      'web/node_modules/**',
      'web/.api-types/**',
      'tests/infra/fixtures/**',
      'tests/guardrails/fixtures/**', // a deliberate import cycle, linted by tests/guardrails/lint-rules.test.ts
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Guardrail: zod only through @portal/core/zod, and never a whole zod namespace as a value (`z.core.X` or
  // `z.locales.X` keeps all of zod core or every locale in the bundle; shared/zod.ts exports what is needed).
  {
    files: ['**/*.{ts,tsx,js}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([]),
      'no-restricted-syntax': ['error', zodNamespace],
    },
  },

  // Guardrail: the web calls the API one way (ADR 057): `api()` (hc<AppType>, lib/api.ts) over the one fetch
  // wrapper (lib/api-client.ts). No other file calls fetch, the wrapper or XMLHttpRequest, or spells an
  // /api/ path; the two transfers that bypass the API on purpose (ADR 045, 047) say so where they happen.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    // first-reads.ts: the page's first reads, sent by a script of their own before the fetch wrapper is loaded and handed over to it (ADR 117, 135).
    ignores: ['web/src/lib/api-client.ts', 'web/src/lib/api.ts', 'web/src/lib/first-reads.ts', 'web/src/test/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', zodNamespace, ...oneWayToTheApi],
    },
  },

  // Guardrail: import zones and no cycles (eslint-plugin-import-x resolves each import to its file).
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.d.ts'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...zones, ...domainZones(false)] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // A domain's co-located tests may import any domain's face (and `@portal/backend`), still never an inner file.
  {
    files: ['packages/backend/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...zones, ...domainZones(true)] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted([
        { group: ['@portal/backend', '@portal/backend/*', '@aws-sdk/*'], message: 'The web reaches the backend only through the API.' },
        {
          regex: '(^|/)functions/|^@portal/functions',
          allowTypeImports: true,
          message: 'The web may take only types from functions/ (`import type`); the API client type is web/.api-types/.',
        },
      ]),
    },
  },
  {
    files: ['packages/backend/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restricted([backendImports, dynamoDbInDataLayer]) },
  },
  {
    files: ['functions/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restricted([dynamoDbInDataLayer]) },
  },
  // The data layer (above) may import the DynamoDB SDK; the rest of each block's restrictions stands.
  {
    files: backendDataLayer,
    rules: { '@typescript-eslint/no-restricted-imports': restricted([backendImports]) },
  },
  {
    files: otherDataLayer,
    rules: { '@typescript-eslint/no-restricted-imports': restricted([]) },
  },
  // Test files may also import a domain's testing.ts face (ADR 060); the rest of each block's restrictions stands.
  {
    files: ['packages/backend/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restricted([backendImports], true) },
  },
  {
    files: ['functions/**/*.test.ts', 'scripts/**/*.test.ts', 'functions/api/gates/route-fuzz.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restricted([], true) },
  },
  {
    files: ['functions/api/gates/route-fixtures.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restricted([dynamoDbInDataLayer], true) },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restricted(coreOnly),
    },
  },
  {
    files: [ZOD_MODULE],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: coreOnly }] },
  },

  // Guardrail: kebab-case file and folder names (`order-entity.ts`, `use-form-fields.ts`, `features/order/`).
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx,js}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
);
