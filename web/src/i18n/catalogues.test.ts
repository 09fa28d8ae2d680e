import { afterEach, describe, expect, it } from 'vitest';
import { deDE } from '../test/catalogues.ts';
import { BUNDLED_CATALOGUES, loadCatalogueFile, LOCALES } from './catalogues.ts';
import { loadCatalogue, loadMessages, translate } from './index.ts';

describe('message catalogues', () => {
  afterEach(async () => {
    await loadMessages('en-US');
  });

  it('ships the shell catalogues in English, loads the others on demand', async () => {
    expect([...LOCALES].sort()).toEqual(['de-DE', 'fr-FR', 'pl-PL']);
    for (const name of BUNDLED_CATALOGUES) expect(await loadCatalogueFile('en-US', name)).toBeUndefined();
    expect(await loadCatalogueFile('de-DE', 'shared')).toHaveProperty('footer.logout', deDE.footer.logout);
    expect(await loadCatalogueFile('de-DE', 'auth')).toHaveProperty('auth.login.submit', deDE.auth.login.submit);
    expect(await loadCatalogueFile('en-US', 'couponing')).toHaveProperty('couponing');
    expect(await loadCatalogueFile('de-DE', 'about')).toHaveProperty('about.title', deDE.about.title);
    expect(translate('auth.login.submit')).toBe('Login');
  });

  it("loads a feature's catalogue with the feature, in English and in the active locale", async () => {
    expect(translate('couponing.filter.query')).toBe('couponing.filter.query');
    expect(await loadMessages('de-DE')).toBe('de-DE');
    await loadCatalogue('couponing');
    expect(translate('couponing.filter.query')).toBe(deDE.couponing.filter.query);
    expect(translate('footer.logout')).toBe(deDE.footer.logout);
    await loadMessages('en-US');
    expect(translate('couponing.filter.query')).toBe('Query');
    // Back in German, the feature loaded before keeps its German texts.
    await loadMessages('de-DE');
    expect(translate('couponing.filter.query')).toBe(deDE.couponing.filter.query);
  });
});
