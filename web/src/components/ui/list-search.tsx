import { TextField, type TextFieldProps } from './text-field.tsx';

/** A free-text search input: no autofill, the keyboard's key says search. */
export function SearchField(props: Omit<TextFieldProps, 'autoComplete' | 'enterKeyHint'>) {
  return <TextField autoComplete="off" enterKeyHint="search" {...props} />;
}

/** The search field heading a list card: a search landmark, ruled off from the list under it. */
export function ListSearch({
  label,
  placeholder,
  value,
  onValueChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Extra classes of the field (a narrower one, say). */
  className?: string;
}) {
  return (
    <div className="border-b border-slate-200 p-4 sm:p-5" role="search">
      <SearchField label={label} placeholder={placeholder} value={value} onValueChange={onValueChange} className={className} />
    </div>
  );
}
