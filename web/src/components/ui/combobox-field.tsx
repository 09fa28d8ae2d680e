import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import type { SelectOption } from './select-field.tsx';
import { FieldLabel } from './text-field.tsx';

export interface ComboboxFieldProps {
  label: string;
  value: string;
  /** In the order they are offered (put the likeliest first). */
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  helperText?: string;
  /** Said when the typed text matches nothing. */
  noMatchText: string;
  /** At most this many matches are listed (the rest by typing more). */
  maxShown?: number;
  className?: string;
}

/** Lower case, '_' and '/' as spaces: "new york" finds "America/New_York". */
const normalise = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ').trim();

/** The options whose label contains every word typed, in the order given. */
export function filterOptions(options: readonly SelectOption[], query: string): SelectOption[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => {
    const label = normalise(option.label);
    return words.every((word) => label.includes(word));
  });
}

/**
 * A searchable picker for long lists (the report time zone's ~400 zones, ADR 053), following the WAI-ARIA
 * combobox pattern with a list box: typing filters, the arrow keys move through the matches
 * (aria-activedescendant), Enter or a click chooses, Escape closes and keeps the value. Leaving the field
 * takes a match typed out in full, else keeps the value chosen before.
 */
export function ComboboxField({
  label,
  value,
  options,
  onValueChange,
  helperText,
  noMatchText,
  maxShown = 60,
  className = '',
}: ComboboxFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const helperId = `${id}-helper`;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const selectedLabel = options.find((o) => o.value === value)?.label ?? value;
  const matches = useMemo(() => filterOptions(options, query ?? '').slice(0, maxShown), [options, query, maxShown]);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: SelectOption | undefined) => {
    if (option) onValueChange(option.value);
    close();
  };
  const move = (to: number) => {
    const next = Math.max(0, Math.min(matches.length - 1, to));
    setActive(next);
    list.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(
          Math.max(
            0,
            matches.findIndex((o) => o.value === value),
          ),
        );
        return;
      }
      move(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };
  const onBlur = () => {
    if (query !== null) {
      const typed = normalise(query);
      const exact = options.find((o) => normalise(o.label) === typed || normalise(o.value) === typed);
      if (exact) onValueChange(exact.value);
    }
    close();
  };

  const expanded = open && (matches.length > 0 || query !== null);
  const activeId = expanded && matches[active] ? `${id}-option-${active}` : undefined;
  return (
    <div className={`relative space-y-1.5 ${className}`}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={helperText ? helperId : undefined}
        value={query ?? selectedLabel}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 sm:text-sm"
      />
      {helperText ? (
        <p id={helperId} className="text-xs text-slate-500">
          {helperText}
        </p>
      ) : null}
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute left-0 right-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
      >
        {matches.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-slate-500">
            {noMatchText}
          </li>
        ) : (
          matches.map((option, index) => (
            <li
              key={option.value}
              id={`${id}-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={option.value === value}
              // Keeps the focus in the input, so its blur does not close the list before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              className={`cursor-pointer px-3 py-2 ${index === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800'} ${option.value === value ? 'font-semibold' : ''}`}
            >
              {option.label}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
