import { TextField, type TextFieldProps } from '../../../components/ui/text-field.tsx';

/** The account name field of the sign-in and password-reset forms: the browser's username autofill, typed as is. */
export function UsernameField(props: Omit<TextFieldProps, 'name' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'required'>) {
  return <TextField name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required {...props} />;
}
