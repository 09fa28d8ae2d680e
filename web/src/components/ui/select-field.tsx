import type { SelectHTMLAttributes } from 'react';
import { FieldHelp, FieldLabel, useFieldIds } from './text-field.tsx';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string = string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'id'
> {
  label: string;
  value: string;
  options: readonly SelectOption<V>[];
  /** Called with the picked option's own value, so a caller offering a union of codes gets one back. */
  onValueChange: (value: V) => void;
  helperText?: string;
}

/** A labelled native <select> (the platform's picker on phones), styled like TextField. */
export function SelectField<V extends string = string>({
  label,
  value,
  options,
  onValueChange,
  helperText,
  className = '',
  ...rest
}: SelectFieldProps<V>) {
  const { id, helperId } = useFieldIds();
  return (
    <div className={`space-y-1.5 ${className}`}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const picked = options.find((option) => option.value === e.target.value);
          if (picked) onValueChange(picked.value);
        }}
        aria-describedby={helperText ? helperId : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm"
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHelp id={helperId} text={helperText} />
    </div>
  );
}
