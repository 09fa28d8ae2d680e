import { useId } from 'react';
import { SelectField, type SelectOption } from './select-field.tsx';
import { FieldLabel } from './text-field.tsx';
import { useT } from '../../i18n/index.ts';

export interface DateRangeLabels {
  /** The preset picker's label, also the range's (the fieldset's legend): 'Period'. */
  preset: string;
  start: string;
  end: string;
}

/** The two calendar days of a range (YYYY-MM-DD; '' for an open end). */
export interface DateRange {
  from: string;
  to: string;
}

/** The preset picker's options: the presets, and 'custom' only while the range is one (dates typed). */
export function presetOptions<P extends string>(
  presets: readonly P[],
  current: string,
  label: (preset: P | 'custom') => string,
): SelectOption<P | 'custom'>[] {
  const values: (P | 'custom')[] = current === 'custom' ? [...presets, 'custom'] : [...presets];
  return values.map((value) => ({ value, label: label(value) }));
}

/**
 * A date range with presets (SPEC 4): a preset picker beside the two calendar-day inputs. Picking a
 * preset hands it to `onPresetChange` (the caller fills the dates; 'custom' is shown only while the range
 * is one and picking it changes nothing); typing a date hands the whole range to `onChange` (the caller
 * makes it 'custom'). The labels default to the shell's "Period", "From", "To" (ADR 137); a caller names
 * only the ones it says otherwise. An error names what is wrong with the range.
 */
export function DateRangeField<P extends string = string>({
  labels,
  presets,
  preset,
  onPresetChange,
  value,
  onChange,
  error,
  className = '',
}: {
  labels?: Partial<DateRangeLabels>;
  presets: readonly SelectOption<P | 'custom'>[];
  preset: string;
  onPresetChange: (preset: P) => void;
  value: DateRange;
  onChange: (range: DateRange) => void;
  error?: string | undefined;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  const text = { preset: t('dateRange.period'), start: t('dateRange.from'), end: t('dateRange.to'), ...labels };
  const isPreset = (picked: P | 'custom'): picked is P => picked !== 'custom';
  // One input per end; `min`/`max` keep the two in order.
  const ends = [
    { end: 'from', label: text.start, bounds: { max: value.to || undefined } },
    { end: 'to', label: text.end, bounds: { min: value.from || undefined } },
  ] as const;
  return (
    <fieldset className={`min-w-0 ${className}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="sr-only">{text.preset}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(10rem,1.2fr)_1fr_1fr]">
        <SelectField
          className="col-span-2 sm:col-span-1"
          label={text.preset}
          value={preset}
          options={presets}
          onValueChange={(picked) => {
            if (isPreset(picked)) onPresetChange(picked);
          }}
        />
        {ends.map(({ end, label, bounds }) => (
          <DateInput
            key={end}
            id={`${id}-${end}`}
            label={label}
            value={value[end]}
            {...bounds}
            onValueChange={(day) => onChange({ ...value, [end]: day })}
            invalid={Boolean(error)}
          />
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One labelled native date input of the range; `min`/`max` keep the two ends in order. */
function DateInput({
  id,
  label,
  value,
  min,
  max,
  onValueChange,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onValueChange: (value: string) => void;
  invalid: boolean;
}) {
  const border = invalid
    ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
    : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100';
  return (
    <div className="min-w-0 space-y-1.5">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={invalid || undefined}
        className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm focus:outline-none focus:ring-2 ${border}`}
      />
    </div>
  );
}
