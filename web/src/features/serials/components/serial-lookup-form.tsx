import { MAX_SERIALS_PER_QUERY, type SerialList } from '@portal/core/couponing';
import { type FormEvent, useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextAreaField } from '../../../components/ui/text-area-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { SerialListSummary } from './serial-list-summary.tsx';

/**
 * One serial number typed, or up to MAX_SERIALS_PER_QUERY pasted, read live. 'Look up' looks the valid
 * lines up as soon as there is one; a bad line is marked (the summary names it) and left out, rather than
 * holding up the whole list (ADR 053).
 */
export function SerialLookupForm({
  text,
  list,
  onText,
  onSubmit,
  busy,
}: {
  text: string;
  list: SerialList;
  onText: (text: string) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  const t = useT();
  const summaryId = useId();
  const ready = list.serials.length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) onSubmit();
  };
  return (
    <Card className="p-4 sm:p-6">
      <form onSubmit={submit} className="space-y-4" noValidate role="search">
        <TextAreaField
          label={t('serials.form.label')}
          helperText={t('serials.form.helper', { max: MAX_SERIALS_PER_QUERY })}
          value={text}
          onValueChange={onText}
          describedBy={summaryId}
          rows={4}
          spellCheck={false}
          autoComplete="off"
          className="max-w-xl"
        />
        <SerialListSummary list={list} id={summaryId} />
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
          <Button type="submit" disabled={!ready} loading={busy} className="sm:min-w-32">
            {t('serials.form.submit')}
          </Button>
          {text ? (
            <Button theme="secondary" onClick={() => onText('')}>
              {t('serials.form.clear')}
            </Button>
          ) : null}
          {!ready || list.issues.length > 0 ? (
            <p className="basis-full text-sm text-slate-500 sm:basis-auto">
              {!ready
                ? list.issues.length > 0
                  ? t('serials.form.needFixes')
                  : t('serials.form.needSerials')
                : t('serials.form.badLinesLeftOut', { count: list.issues.length })}
            </p>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
