import { useId } from 'react';

/** A labelled checkbox with an optional helper line. */
export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  helperText,
  className = '',
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  helperText?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`flex items-start gap-2.5 ${className}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
        aria-describedby={helperText ? `${id}-helper` : undefined}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
      <div className="text-sm">
        <label htmlFor={id} className="font-medium text-slate-700">
          {label}
        </label>
        {helperText ? (
          <p id={`${id}-helper`} className="text-xs text-slate-500">
            {helperText}
          </p>
        ) : null}
      </div>
    </div>
  );
}
