import { Button } from '../../../components/ui/button.tsx';

/** A passkey's mark: a key (decorative; the button's text names it). */
function KeyMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2 20 3m-3 3 2 2m-4 0 2 2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * 'Sign in with a passkey' on the login card and 'Use your passkey' at its second step (ADR 112). Plain markup:
 * it paints with the login page; the WebAuthn library downloads when it is pressed (lib/webauthn.ts).
 */
export function PasskeyButton({ label, busy, onClick }: { label: string; busy: boolean; onClick: () => void }) {
  return (
    <Button theme="secondary" block loading={busy} onClick={onClick}>
      {busy ? null : <KeyMark />}
      {label}
    </Button>
  );
}
