import { MAX_SERIALS_PER_QUERY, parseSerialList } from '@portal/core/couponing';
import { type FormEvent, useId, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { paths } from '../../../lib/paths.ts';
import { canQuery, setFilterText, submitFilter, useCouponingDraft } from '../model/couponing-draft.ts';
import { CouponingPage } from '../components/couponing-page.tsx';
import { SerialListSummary } from '../components/serial-list-summary.tsx';

/**
 * /app/couponing — step 1, Filter: serial numbers typed or pasted, one a line, read live with core's
 * parseSerialList. 'Query' takes the serials to the next step; it stays disabled while there are none or
 * any line is bad. The text is kept in sessionStorage as it is typed (a reload or going back keeps it).
 */
export function FilterRoute() {
  const t = useT();
  const navigate = useNavigate();
  const summaryId = useId();
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
          <TextAreaField
            label={t('couponing.filter.label')}
            helperText={t('couponing.filter.helper', { max: MAX_SERIALS_PER_QUERY })}
            value={text}
            onValueChange={setFilterText}
            describedBy={summaryId}
            rows={8}
            spellCheck={false}
            autoComplete="off"
            className="max-w-xl"
          />
          <SerialListSummary list={list} id={summaryId} />
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
            <Button type="submit" disabled={!ready} className="sm:min-w-32">
              {t('couponing.filter.query')}
            </Button>
            {text ? (
              <Button theme="secondary" onClick={() => setFilterText('')}>
                {t('couponing.filter.clear')}
              </Button>
            ) : null}
            {!ready ? (
              <p className="basis-full text-sm text-slate-500 sm:basis-auto">
                {list.issues.length > 0 ? t('couponing.filter.needFixes') : t('couponing.filter.needSerials')}
              </p>
            ) : null}
          </div>
        </form>
      </Card>
    </CouponingPage>
  );
}
