// What tests outside the news domain use of it and no other code does (ADR 060).
// Only test files may import it (eslint.config.js); everything else goes through index.ts.
export { getNews, liveNews } from './news-entity.ts';
