import { REPORT_PERIOD_TYPES } from '@portal/core/report';
import { REPORTING_DAYS } from '@portal/core/shared';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { ComboboxField } from '../../../components/ui/combobox-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { useUserFormat } from '../../../lib/user-format.ts';
import { weekdayNames } from '../model/report-format.ts';
import { type ScheduleDraft, withDay } from '../model/schedule-draft.ts';
import { ownTimeZone, zonesOwnFirst } from '../model/time-zones.ts';

/**
 * A report's schedule (ADR 044): on or off; daily on the chosen days (Monday–Sunday toggles) or
 * monthly on the 1st; the end-of-month run; the local send time and the report's time zone (master
 * data's time zones); how each run is delivered (e-mail, FTP copy) and whether an empty period is skipped.
 */
export function ScheduleForm({
  draft,
  onChange,
  onSubmit,
  problems,
  timeZones,
  busy,
  readOnly,
}: {
  draft: ScheduleDraft;
  onChange: (draft: ScheduleDraft) => void;
  onSubmit: (event: FormEvent) => void;
  problems: Record<string, string>;
  timeZones: readonly string[];
  busy: boolean;
  readOnly: boolean;
}) {
  const t = useT();
  const { locale } = useUserFormat();
  const longNames = weekdayNames(locale, 'long');
  const shortNames = weekdayNames(locale, 'short');
  const set =
    <K extends keyof ScheduleDraft>(key: K) =>
    (value: ScheduleDraft[K]) =>
      onChange({ ...draft, [key]: value });
  // ~400 zones: a searchable list with the browser's own zone first (ADR 053).
  const own = ownTimeZone();
  const zones = zonesOwnFirst(timeZones, own, draft.timeZone).map((zone) => ({
    value: zone,
    label: zone === own ? t('reportPage.schedule.ownZone', { zone }) : zone,
  }));
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={t('reportPage.schedule.title')}>
      <fieldset disabled={readOnly} className="space-y-5">
        <CheckboxField
          label={t('reportPage.schedule.enabled')}
          helperText={t('reportPage.schedule.enabledHelp')}
          checked={draft.enabled}
          onCheckedChange={set('enabled')}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">{t('reportPage.schedule.period')}</legend>
          <div className="mt-2 inline-flex rounded-lg bg-slate-100 p-1">
            {REPORT_PERIOD_TYPES.map((type) => (
              <label
                key={type}
                className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium ${draft.periodType === type ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
              >
                <input
                  type="radio"
                  name="report-period-type"
                  value={type}
                  checked={draft.periodType === type}
                  onChange={() => set('periodType')(type)}
                  className="sr-only"
                />
                {t(`reports.periodTypes.${type}`)}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-500">{t(`reportPage.schedule.periodHelp.${draft.periodType}`)}</p>
        </fieldset>
        {draft.periodType === 'daily' ? (
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">{t('reports.fields.reportingDays')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {REPORTING_DAYS.map((day) => {
                const on = draft.reportingDays.includes(day);
                return (
                  <label
                    key={day}
                    title={longNames[day]}
                    className={`flex min-w-12 cursor-pointer items-center justify-center rounded-lg px-3 py-2 text-sm font-medium ring-1 ring-inset has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${on ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={on}
                      onChange={(e) => onChange(withDay(draft, day, e.target.checked))}
                      aria-label={longNames[day]}
                    />
                    {shortNames[day]}
                  </label>
                );
              })}
            </div>
            {problems.reportingDays ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {problems.reportingDays}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <CheckboxField
          label={t('reports.fields.endOfMonth')}
          helperText={t('reportPage.schedule.endOfMonthHelp')}
          checked={draft.endOfMonth}
          onCheckedChange={set('endOfMonth')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('reportPage.schedule.sendTime')}
            type="text"
            inputMode="numeric"
            placeholder="06:00"
            value={draft.sendTime}
            onValueChange={set('sendTime')}
            error={problems.sendTime}
          />
          <ComboboxField
            label={t('reports.fields.timeZone')}
            helperText={t('reportPage.schedule.timeZoneHelp')}
            noMatchText={t('reportPage.schedule.noZone')}
            value={draft.timeZone}
            options={zones}
            onValueChange={set('timeZone')}
          />
        </div>
        {problems.timeZone ? <p className="text-sm text-red-700">{problems.timeZone}</p> : null}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">{t('reportPage.schedule.delivery')}</legend>
          <CheckboxField label={t('reportPage.schedule.sendByEmail')} checked={draft.sendByEmail} onCheckedChange={set('sendByEmail')} />
          <CheckboxField
            label={t('reportPage.schedule.copyByFtp')}
            helperText={t('reportPage.schedule.copyByFtpHelp')}
            checked={draft.copyByFtp}
            onCheckedChange={set('copyByFtp')}
          />
          <CheckboxField
            label={t('reportPage.schedule.skipIfEmpty')}
            helperText={t('reportPage.schedule.skipIfEmptyHelp')}
            checked={draft.skipIfEmpty}
            onCheckedChange={set('skipIfEmpty')}
          />
        </fieldset>
      </fieldset>
      {readOnly ? (
        <p className="text-sm text-slate-500">{t('reportPage.schedule.readOnly')}</p>
      ) : (
        <div className="flex justify-end">
          <Button type="submit" loading={busy}>
            {t('reportPage.schedule.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
