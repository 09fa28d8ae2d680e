import { useState } from 'react';
import { type FieldErrors, onlyDirty } from './forms.ts';

/**
 * The state every form of the app keeps: the values, which fields were touched (SPEC 5 shows errors on
 * dirty fields only) and the server's field issues, which an edit of that field clears.
 */
export function useFormFields<F extends string, V extends Record<string, string>>(initial: V, validate: (values: V) => FieldErrors<F>) {
  const [values, setValues] = useState(initial);
  const [dirty, setDirty] = useState<Partial<Record<string, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<F>>({});
  const errors = validate(values);
  const change = (field: keyof V & F) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDirty((d) => ({ ...d, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  return { values, errors, shown: { ...serverErrors, ...onlyDirty(errors, dirty) }, change, setServerErrors };
}
