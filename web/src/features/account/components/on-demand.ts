import { lazyPart } from '../../../lib/lazy-part.ts';

// My Account's dialogs load when first opened (ADR 133, the pattern of ADR 128): the password prompt of a
// factor change, new recovery codes, the change-password form, a passkey's rename, and the current-password field a
// new e-mail address asks for (ADR 136). The page's first view shows none of them; the pointer or focus on the
// button (for the password field: on the e-mail field) that opens one starts its download before it is needed.
const loadPrompt = () => import('../../../components/password-prompt.tsx');
const loadCodes = () => import('./recovery-codes.tsx');
const loadChangePassword = () => import('./change-password-dialog.tsx');
const loadRename = () => import('./rename-passkey-dialog.tsx');
const loadPasswordField = () => import('../../../components/password-fields.tsx');

export const PasswordPrompt = lazyPart(loadPrompt, 'PasswordPrompt');
export const RecoveryCodes = lazyPart(loadCodes, 'RecoveryCodes');
export const ChangePasswordDialog = lazyPart(loadChangePassword, 'ChangePasswordDialog');
export const CurrentPasswordField = lazyPart(loadPasswordField, 'CurrentPasswordField');
export const RenamePasskeyDialog = lazyPart(loadRename, 'RenamePasskeyDialog');

const quietly = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);
/** Before "New recovery codes": the prompt, the codes and their calls. */
export const preloadRecoveryCodes = quietly(() => Promise.all([loadPrompt(), loadCodes(), import('../api/mfa.ts')]));
export const preloadPrompt = quietly(loadPrompt);
export const preloadChangePassword = quietly(loadChangePassword);
export const preloadRename = quietly(loadRename);
export const preloadPasswordField = quietly(loadPasswordField);
