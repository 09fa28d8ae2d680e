import { Messages } from '../shared/messages.ts';
import { LOGIN } from './errors.ts';

/** 'Failed to resend password for: ' followed by the address (SPEC 8). */
export const resendPasswordFailedMessage = (address: string): string => `Failed to resend password for: ${address}`;

/** 'Please follow the instructions we sent to: ' followed by the address (SPEC 8). */
export const resetInstructionsSentMessage = (address: string): string => `Please follow the instructions we sent to: ${address}`;

const loginCodeMessages: Record<string, string> = {
  [LOGIN.FORM.ERROR.WRONG_PASSWORD]: Messages.wrongPassword,
  [LOGIN.FORM.ERROR.WRONG_URL]: Messages.wrongUrl,
  [LOGIN.FORM.ERROR.ACCOUNT_LOCKED]: Messages.accountLocked,
  [LOGIN.FORM.ERROR.INVALID_CERTIFICATE]: Messages.invalidCertificate,
  [LOGIN.FORM.ERROR.INVALID_IP]: Messages.invalidIp,
};

/** A sign-in failure code of SPEC 8's list, which `loginFailureMessage` words itself. */
export const isLoginFailureCode = (code: string): boolean => Object.hasOwn(loginCodeMessages, code);

/**
 * The text shown under the 'Authentication failed' heading for a failed login (SPEC 8): a known
 * LOGIN.FORM.ERROR code maps to its message, any other non-empty message is shown as received, and an
 * empty (or whitespace-only) message shows 'Invalid username or password'.
 */
export function loginFailureMessage(message: string | null | undefined): string {
  if (message == null || message.trim() === '') return Messages.invalidUsernameOrPassword;
  return Object.hasOwn(loginCodeMessages, message) ? loginCodeMessages[message]! : message;
}
