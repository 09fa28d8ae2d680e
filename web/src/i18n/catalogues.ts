import type account from './en-US/account.json';
import auth from './en-US/auth.json';
import type couponing from './en-US/couponing.json';
import type errors from './en-US/errors.json';
import type order from './en-US/order.json';
import type orders from './en-US/orders.json';
import type questionnaire from './en-US/questionnaire.json';
import type retailer from './en-US/retailer.json';
import type sales from './en-US/sales.json';
import type transactions from './en-US/transactions.json';
import type serials from './en-US/serials.json';
import type exports from './en-US/exports.json';
import type connectSales from './en-US/connectSales.json';
import type products from './en-US/products.json';
import type reports from './en-US/reports.json';
import type requests from './en-US/requests.json';
import type imports from './en-US/imports.json';
import type news from './en-US/news.json';
import type documents from './en-US/documents.json';
import type company from './en-US/company.json';
import type allocation from './en-US/allocation.json';
import type logo from './en-US/logo.json';
import type team from './en-US/team.json';
import type audit from './en-US/audit.json';
import shared from './en-US/shared.json';

/**
 * The message catalogues (ARCHITECTURE: web/src/i18n/<locale>/<catalogue>.json). A catalogue holds whole
 * top-level namespaces (`couponing.json` holds every `couponing.…` key), so a key does not name its file.
 * What the login page shows ships with the app in English: `shared` (shell, public pages, core's
 * messages) and `auth` (the login card). `errors` (every API error code's and field rule's text, one shared
 * catalogue) loads with the data layer (app/data-bridge.ts), which makes the calls and runs the rules.
 * Every other catalogue loads with the routes that show it (router.tsx, lazyRoute): `account` with the
 * signed-in shells (the MFA notice) and the account screens, `questionnaire` with the ordering shell (the
 * sidebar). Every other locale is loaded on demand, catalogue by catalogue; English is the complete fallback.
 */
type Tree = { [key: string]: string | Tree };

export const BUNDLED_CATALOGUES = ['shared', 'auth'] as const;
/** Catalogues loaded with their feature (lazyRoute in router.tsx names them; `errors` the data layer). */
export type FeatureCatalogue =
  | 'errors'
  | 'account'
  | 'questionnaire'
  | 'retailer'
  | 'order'
  | 'orders'
  | 'sales'
  | 'couponing'
  // Connect portal sections (ADR 031)
  | 'transactions'
  | 'serials'
  | 'exports'
  | 'connectSales'
  | 'products'
  // Connect portal II (ADR 044)
  | 'reports'
  // Connect portal III (ADR 046)
  | 'requests'
  // The imports of files from S3 (ADR 069, ADR 079)
  | 'imports'
  // Connect portal IV (ADR 081, 082, 087)
  | 'news'
  | 'documents'
  // The company profile (ADR 085)
  | 'company'
  | 'allocation'
  | 'logo'
  // The customer's own administrator's Users (ADR 113)
  | 'team'
  // The customer's audit log (ADR 116)
  | 'audit';
export type CatalogueName = (typeof BUNDLED_CATALOGUES)[number] | FeatureCatalogue;

/** English, all catalogues: the type every message key is checked against (types only, nothing loads). */
export type English = typeof shared &
  typeof errors &
  typeof auth &
  typeof account &
  typeof questionnaire &
  typeof retailer &
  typeof order &
  typeof orders &
  typeof sales &
  typeof couponing &
  typeof transactions &
  typeof serials &
  typeof exports &
  typeof connectSales &
  typeof products &
  typeof reports &
  typeof requests &
  typeof imports &
  typeof news &
  typeof documents &
  typeof company &
  typeof allocation &
  typeof logo &
  typeof team &
  typeof audit;

/** The English of the bundled catalogues: what the app can say before any feature loaded. */
export const bundledEnglish: Tree = { ...shared, ...auth };

/**
 * Every file loaded on demand (the English feature catalogues, every catalogue of the other locales): one
 * chunk each. Vite expands the glob at build time.
 */
const files = import.meta.glob<{ default: Tree }>(['./*/*.json', '!./en-US/shared.json', '!./en-US/auth.json']);

/** The loader of one catalogue in one locale; undefined when that locale has no such file. */
export const catalogueLoader = (locale: string, name: CatalogueName) => files[`./${locale}/${name}.json`];

/** The locales with message files besides English, e.g. ['de-DE']. */
export const LOCALES = [...new Set(Object.keys(files).map((file) => file.split('/')[1]!))].filter((locale) => locale !== 'en-US');
