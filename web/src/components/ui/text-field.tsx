import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/** Input types (SPEC 5). */
export type InputType = 'text' | 'email' | 'password' | 'number' | 'date' | 'datetime-local';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'id'> {
  label: string;
  type?: InputType;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and marks it invalid. Pass it only when it should show (dirty fields). */
  error?: string | undefined;
  helperText?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The look of a text control (input or textarea), red when invalid; one place for TextField and TextAreaField. */
export const controlClassName = (invalid: boolean, extra = ''): string =>
  [
    'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm sm:text-sm',
    'placeholder:text-slate-400 disabled:bg-slate-50 disabled:text-slate-500',
    'focus:outline-none focus:ring-2',
    invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
    extra,
  ].join(' ');

/** A labelled input: every field has a visible <label>, errors are linked with aria-describedby. */
export function TextField({
  label,
  type = 'text',
  value,
  onValueChange,
  error,
  helperText,
  className = '',
  required,
  ref,
  ...rest
}: TextFieldProps) {
  const { id, errorId, helperId } = useFieldIds();
  return (
    <div className={`space-y-1.5 ${className}`}>
      <FieldLabel htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        ) : null}
      </FieldLabel>
      <input
        ref={ref}
        id={id}
        type={type}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId, helperText && helperId)}
        className={controlClassName(Boolean(error))}
        {...rest}
      />
      <FieldError id={errorId} error={error} />
      <FieldHelp id={helperId} text={helperText} />
    </div>
  );
}

/** A field's ids: its control's, and those of its error (FieldError) and helper text (FieldHelp). */
export function useFieldIds() {
  const id = useId();
  return { id, errorId: `${id}-error`, helperId: `${id}-helper` };
}

/** A control's aria-describedby: the ids of what is shown, in reading order; none when nothing is. */
export const describedBy = (...ids: (string | false | null | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** A field's label above its control (`htmlFor` the control's id). */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}

/** A line under a field, named by the control's aria-describedby; nothing while there is no text. */
const fieldNote = (id: string, text: string | undefined, className: string) =>
  text ? (
    <p id={id} className={className}>
      {text}
    </p>
  ) : null;

/** A field's error under it, named by the control's aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return fieldNote(id, error, 'text-sm text-red-700');
}

/** A field's helper text under it, named by the control's aria-describedby. */
export function FieldHelp({ id, text }: { id: string; text: string | undefined }) {
  return fieldNote(id, text, 'text-xs text-slate-500');
}
