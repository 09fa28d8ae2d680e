import { MAX_SERIALS_PER_QUERY, type SerialList } from '@portal/core/couponing';
import { useId } from 'react';
import { useT } from '../i18n/index.ts';
import { SerialListSummary, serialListTexts } from './serial-list-summary.tsx';
import { Button } from './ui/button.tsx';
import { TextAreaField } from './ui/text-area-field.tsx';

/**
 * The inside of a serial list form (SPEC 7 serial-number check; ADR 053), for couponing's Filter step and
 * the connect Serial Numbers lookup: the box (one serial a line), what it read live under it (the summary,
 * which describes the box), then the submit, a Clear while there is text, and `hint` (what holds the
 * submit back). Each screen brings its own words (`section` of its catalogue: the box's label, helper and
 * Clear, and the summary's, as serialListTexts reads them) and its own form.
 */
export function SerialListFields({
  section,
  rows,
  text,
  onText,
  list,
  submitLabel,
  ready,
  busy = false,
  hint,
}: {
  section: Parameters<typeof serialListTexts>[1];
  rows: number;
  text: string;
  onText: (text: string) => void;
  list: SerialList;
  submitLabel: string;
  ready: boolean;
  busy?: boolean;
  hint: string | null;
}) {
  const t = useT();
  const summaryId = useId();
  return (
    <>
      <TextAreaField
        label={t(`${section}.label`)}
        helperText={t(`${section}.helper`, { max: MAX_SERIALS_PER_QUERY })}
        value={text}
        onValueChange={onText}
        describedBy={summaryId}
        rows={rows}
        spellCheck={false}
        autoComplete="off"
        className="max-w-xl"
      />
      <SerialListSummary list={list} id={summaryId} texts={serialListTexts(t, section)} />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <Button type="submit" disabled={!ready} loading={busy} className="sm:min-w-32">
          {submitLabel}
        </Button>
        {text ? (
          <Button theme="secondary" onClick={() => onText('')}>
            {t(`${section}.clear`)}
          </Button>
        ) : null}
        {hint ? <p className="basis-full text-sm text-slate-500 sm:basis-auto">{hint}</p> : null}
      </div>
    </>
  );
}
