import { parseSerialList } from '@portal/core/couponing';
import { type FormEvent, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { SerialListFields } from '../../../components/serial-list-fields.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { canQuery, setFilterText, submitFilter, useCouponingDraft } from '../model/couponing-draft.ts';
import { CouponingPage } from '../components/couponing-page.tsx';

/**
 * /app/couponing — step 1, Filter: serial numbers typed or pasted, one a line, read live with core's
 * parseSerialList. 'Query' takes the serials to the next step; it stays disabled while there are none or
 * any line is bad. The text is kept in sessionStorage as it is typed (a reload or going back keeps it).
 */
export function FilterRoute() {
  const t = useT();
  const navigate = useNavigate();
  const { text } = useCouponingDraft();
  const list = useMemo(() => parseSerialList(text), [text]);
  const ready = canQuery(list);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitFilter(text)) void navigate(paths.app.couponing.query);
  };

  return (
    <CouponingPage step={0} title={t('couponing.filter.title')} description={t('couponing.filter.description')}>
      <Card className="p-4 sm:p-6">
        <form onSubmit={onSubmit} className="space-y-5" noValidate>
          <SerialListFields
            section="couponing.filter"
            rows={8}
            text={text}
            onText={setFilterText}
            list={list}
            submitLabel={t('couponing.filter.query')}
            ready={ready}
            hint={ready ? null : list.issues.length > 0 ? t('couponing.filter.needFixes') : t('couponing.filter.needSerials')}
          />
        </form>
      </Card>
    </CouponingPage>
  );
}
