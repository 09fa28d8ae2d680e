import { useId } from 'react';
import { SelectField, type SelectOption } from './select-field.tsx';
import { FieldLabel } from './text-field.tsx';

export interface DateRangeLabels {
  /** The preset picker's label, also the range's (the fieldset's legend): 'Period'. */
  preset: string;
  start: string;
  end: string;
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
 * preset fills the dates; typing a date makes the range 'custom' (the caller decides). An error names
 * what is wrong with the range.
 */
export function DateRangeField<P extends string = string>({
  labels,
  presets,
  preset,
  onPresetChange,
  startDate,
  endDate,
  onStartDateChange,
  onEndDateChange,
  error,
  className = '',
}: {
  labels: DateRangeLabels;
  presets: readonly SelectOption<P>[];
  preset: string;
  onPresetChange: (preset: P) => void;
  startDate: string;
  endDate: string;
  onStartDateChange: (date: string) => void;
  onEndDateChange: (date: string) => void;
  error?: string | undefined;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset className={`min-w-0 ${className}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="sr-only">{labels.preset}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(10rem,1.2fr)_1fr_1fr]">
        <SelectField
          className="col-span-2 sm:col-span-1"
          label={labels.preset}
          value={preset}
          options={presets}
          onValueChange={onPresetChange}
        />
        <DateInput
          id={`${id}-start`}
          label={labels.start}
          value={startDate}
          max={endDate || undefined}
          onValueChange={onStartDateChange}
          invalid={Boolean(error)}
        />
        <DateInput
          id={`${id}-end`}
          label={labels.end}
          value={endDate}
          min={startDate || undefined}
          onValueChange={onEndDateChange}
          invalid={Boolean(error)}
        />
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
