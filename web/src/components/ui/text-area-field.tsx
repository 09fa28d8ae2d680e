import type { Ref, TextareaHTMLAttributes } from 'react';
import { controlClassName, describedBy as fieldDescribedBy, FieldError, FieldHelp, FieldLabel, useFieldIds } from './text-field.tsx';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and marks it invalid. */
  error?: string | undefined;
  helperText?: string;
  /** Ids of further elements describing the field (a live summary of what was typed). */
  describedBy?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line input, styled and wired like TextField (visible label, aria-describedby). */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  helperText,
  describedBy,
  className = '',
  ref,
  ...rest
}: TextAreaFieldProps) {
  const { id, errorId, helperId } = useFieldIds();
  return (
    <div className={`space-y-1.5 ${className}`}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldHelp id={helperId} text={helperText} />
      <textarea
        ref={ref}
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(helperText && helperId, error && errorId, describedBy)}
        className={controlClassName(Boolean(error), 'font-mono')}
        {...rest}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
