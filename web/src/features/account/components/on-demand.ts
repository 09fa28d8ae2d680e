import { lazy } from 'react';

// My Account's dialogs load when first opened (ADR 133, the pattern of ADR 128): the password prompt of a
// factor change, new recovery codes, the change-password form. The page's first view shows none of them; the
// pointer or focus on the button that opens one starts its download before the click.
const loadPrompt = () => import('../../../components/password-prompt.tsx');
const loadCodes = () => import('./recovery-codes.tsx');
const loadChangePassword = () => import('./change-password-dialog.tsx');

export const PasswordPrompt = lazy(() => loadPrompt().then((m) => ({ default: m.PasswordPrompt })));
export const RecoveryCodes = lazy(() => loadCodes().then((m) => ({ default: m.RecoveryCodes })));
export const ChangePasswordDialog = lazy(() => loadChangePassword().then((m) => ({ default: m.ChangePasswordDialog })));

const quietly = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);
/** Before "New recovery codes": the prompt, the codes and their calls. */
export const preloadRecoveryCodes = quietly(() => Promise.all([loadPrompt(), loadCodes(), import('../api/mfa.ts')]));
export const preloadPrompt = quietly(loadPrompt);
export const preloadChangePassword = quietly(loadChangePassword);
