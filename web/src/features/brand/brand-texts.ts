import { type BrandSettings, type BrandTexts, brandTexts } from '@portal/core/shared';
import { useLocale } from '../../i18n/index.ts';

/**
 * The brand's texts (footer links, questionnaire, MFA notice) in the language the screens show, else its English
 * entry (SPEC 9; core `brandTexts`): a German user gets the German help card, a Polish one English where the brand
 * wrote no Polish. Apart from the brand's API module: the login page's shell uses it, and must not load the API
 * client with it (budgets.json, login initial JS).
 */
export function useBrandTexts(brand: BrandSettings | undefined): BrandTexts | undefined {
  const locale = useLocale();
  return brand ? brandTexts(brand, locale) : undefined;
}
