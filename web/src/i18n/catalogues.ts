import type about from './en-US/about.json';
import type account from './en-US/account.json';
import auth from './en-US/auth.json';
import type authPages from './en-US/authPages.json';
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
import type reportPage from './en-US/reportPage.json';
import type reportPanels from './en-US/reportPanels.json';
import type requestPage from './en-US/requestPage.json';
import type requests from './en-US/requests.json';
import type imports from './en-US/imports.json';
import type news from './en-US/news.json';
import type documents from './en-US/documents.json';
import type company from './en-US/company.json';
import type connect from './en-US/connect.json';
import type allocation from './en-US/allocation.json';
import type logo from './en-US/logo.json';
import type team from './en-US/team.json';
import type audit from './en-US/audit.json';
import type shell from './en-US/shell.json';
import shared from './en-US/shared.json';
import { bundledFile, LOCALES } from './bundled-files.ts';

/**
 * The message catalogues (ARCHITECTURE: web/src/i18n/<locale>/<catalogue>.json). A catalogue holds whole
 * top-level namespaces (`couponing.json` holds every `couponing.…` key), so a key does not name its file.
 * What the login page shows ships with the app in English: `shared` (shell, public pages, core's
 * messages) and `auth` (the login card; the pages after it, forgot and reset password and the Microsoft
 * sign-in's return, are `authPages`, loaded with their routes: ADR 132). `errors` (every API error code's and field rule's text, one shared
 * catalogue) loads apart, at the first input, once the page is idle or before a failure is shown (i18n/index.ts
 * `loadErrorTexts`, ADR 127).
 * Every other catalogue loads with the routes that show it (router.tsx, lazyRoute): `shell` with the signed-in
 * shells (service messages, the MFA notice, the terms gate: ADR 127), `account` with the account screens and
 * what asks for a password, `questionnaire` with the
 * ordering shell (the sidebar), `connect` with the connect shell (its sections), `about` with the About page.
 * Every other locale is loaded on demand, catalogue by catalogue; English is the complete fallback. Every
 * text in `shared` ships on the login page (its byte budget, ADR 117): a text only a signed-in or a lazy
 * public screen shows belongs in that screen's catalogue.
 */
export type Tree = { [key: string]: string | Tree };

export const BUNDLED_CATALOGUES = ['shared', 'auth'] as const;
/** Catalogues loaded with their feature (lazyRoute in router.tsx names them; `errors`: loadErrorTexts). */
export type FeatureCatalogue =
  | 'errors'
  // What both signed-in shells may show on any screen: the MFA notice, service messages, the terms gate (ADR 127)
  | 'shell'
  | 'account'
  // The public pages after the login card: forgot and reset password, the Microsoft sign-in's return, the back link
  // of every page in an auth card (ADR 132: not bundled, so no page pays for them before it shows one)
  | 'authPages'
  | 'about'
  // The connect shell's sections, the change diff of its approvals
  | 'connect'
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
  // Connect portal II (ADR 044); a report's page and the new report's form have their own (ADR 133), a report page's
  // lower panels theirs, loaded with them (ADR 154)
  | 'reports'
  | 'reportPage'
  | 'reportPanels'
  // Connect portal III (ADR 046)
  | 'requestPage'
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
  typeof authPages &
  typeof account &
  typeof shell &
  typeof about &
  typeof connect &
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
  typeof reportPage &
  typeof reportPanels &
  typeof requestPage &
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

/*
 * The bundled catalogues of the other locales load through bundled-files.ts (one file per locale in a build, ADR 143);
 * the loaders of every other file (each feature's catalogue in each locale) are their own module (catalogue-files.ts),
 * loaded with the first feature catalogue, so they do not weigh on the login page (ADR 121); in a build, a table of
 * one hash per catalogue (ADR 143).
 */
const isBundled = (name: CatalogueName): boolean => BUNDLED_CATALOGUES.some((bundled) => bundled === name);

/** One catalogue in one locale; undefined when that locale has no such file (English's bundled ones are here already). */
export async function loadCatalogueFile(locale: string, name: CatalogueName): Promise<Tree | undefined> {
  const load = isBundled(name) ? bundledFile(locale, name) : (await import('./catalogue-files.ts')).catalogueFile(locale, name);
  return (await load?.())?.default;
}

/** The locales with message files besides English, e.g. ['de-DE'] (every locale has every catalogue, ADR 088). */
export { LOCALES };
