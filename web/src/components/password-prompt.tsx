import { type ReactNode, Suspense, useEffect } from 'react';
import { Dialog } from './ui/dialog.tsx';
import { loadCatalogue, useT } from '../i18n/index.ts';
import { afterPageIdle } from '../lib/after-page-idle.ts';
import type * as PromptFormModule from './password-prompt-form.tsx';
import { lazyPart } from '../lib/lazy-part.ts';

/** The form with the account texts its field reads (the label), loaded once for every prompt (ADR 148). */
let formLoad: Promise<typeof PromptFormModule> | undefined;
const loadForm = () =>
  (formLoad ??= Promise.all([import('./password-prompt-form.tsx'), loadCatalogue('account').catch(() => undefined)]).then(([m]) => m));
const PromptForm = lazyPart(loadForm, 'PromptForm');

/**
 * The small dialog that asks for the current password before a security change (ADR 017): new
 * recovery codes, a new or switched second factor. `onConfirm` sends the request with the password;
 * a refused password shows on the field, and the dialog stays open for another try. `withoutPassword`
 * (right after a sign-in, ADR 055) leaves the field out and confirms with '' — until the server wants the
 * password after all, when the field appears.
 */
export function PasswordPrompt({
  open,
  title,
  children,
  confirmLabel,
  onClose,
  onConfirm,
  withoutPassword = false,
}: {
  open: boolean;
  withoutPassword?: boolean;
  title: string;
  /** What the change does, above the field. */
  children?: ReactNode;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const t = useT();
  // Loaded before anyone can open it, after the page's first view (not on it).
  useEffect(() => afterPageIdle(() => void loadForm()), []);
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('common.close')}>
      {/* Mounted only while open: every opening starts empty. */}
      {open ? (
        <Suspense fallback={null}>
          <PromptForm confirmLabel={confirmLabel} onCancel={onClose} onConfirm={onConfirm} withoutPassword={withoutPassword}>
            {children}
          </PromptForm>
        </Suspense>
      ) : null}
    </Dialog>
  );
}
