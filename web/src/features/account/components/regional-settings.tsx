import { LOCALES, resolveLocale } from '@portal/core/shared';
import type { SessionUser } from '@portal/core/auth';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { usePortal } from '../../../lib/portal.ts';
import { useSetLocale } from '../api/use-set-locale.ts';
import { languageName } from '../model/format.ts';
import { Row, Rows, Section } from './section.tsx';

/**
 * Language (only the portal's supported locales, SPEC 5 / core LOCALES; choosing one switches the
 * interface at once), time zone and currency.
 */
export function RegionalSettings({ user }: { user: SessionUser }) {
  const t = useT();
  const portal = usePortal();
  const { setLocale, saving } = useSetLocale();
  const supported: readonly string[] = LOCALES[portal];
  // Each language named in itself (SPEC 9 label set): the four of the ordering portal, connect's three.
  const options = supported.map((code) => ({ value: code, label: languageName(code) }));
  // The account's one locale, as this portal reads it (core resolveLocale: de-DE on connect is de-de).
  const current = resolveLocale(portal, user.locale);
  const currency = user.currencyObj;

  const choose = async (locale: string) => {
    try {
      await setLocale(locale);
    } catch {
      // The API client has shown the failure.
    }
  };

  return (
    <Section title={t('account.preferences')}>
      <SelectField
        label={t('account.locale')}
        value={current}
        options={options}
        disabled={saving}
        onValueChange={(locale) => void choose(locale)}
        helperText={t('account.localeHint')}
      />
      <div className="mt-4">
        <Rows>
          <Row label={t('account.timezone')}>{user.timezone || t('common.notSet')}</Row>
          <Row label={t('account.currency')}>
            {currency.name} ({currency.isoCode}, {currency.symbol})
          </Row>
        </Rows>
      </div>
    </Section>
  );
}
