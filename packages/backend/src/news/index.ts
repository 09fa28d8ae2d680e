// The news domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { importNews, NewsImport } from './news-import.ts';
