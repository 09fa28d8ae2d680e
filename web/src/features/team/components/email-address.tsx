import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it (ADR 123): after the @ and before each dot, never
 * inside a name; only a single part wider than its column breaks inside (overflow-wrap: anywhere), rather
 * than overflowing the card at 375 px. Screen readers and copying get the address unchanged (<wbr> adds no text).
 */
export function EmailAddress({ email, className = '' }: { email: string; className?: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className={`[overflow-wrap:anywhere] ${className}`}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A person's name, or, where it has none (an invitation without names), its address wrapped as above. */
export function PersonName({ firstname, surname, email }: { firstname: string; surname: string; email: string }) {
  const name = `${firstname} ${surname}`.trim();
  return name ? name : <EmailAddress email={email} />;
}
