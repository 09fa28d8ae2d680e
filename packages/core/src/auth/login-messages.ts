import { Messages } from '../shared/messages.ts';
import { LoginErrorCode } from './contracts.ts';

/** 'Failed to resend password for: ' followed by the address (SPEC 8). */
export const resendPasswordFailedMessage = (address: string): string =>
  `Failed to resend password for: ${address}`;

/** 'Please follow the instructions we sent to: ' followed by the address (SPEC 8). */
export const resetInstructionsSentMessage = (address: string): string =>
  `Please follow the instructions we sent to: ${address}`;

const loginCodeMessages: Record<string, string> = {
  [LoginErrorCode.wrongPassword]: Messages.wrongPassword,
  [LoginErrorCode.wrongUrl]: Messages.wrongUrl,
  [LoginErrorCode.accountLocked]: Messages.accountLocked,
  [LoginErrorCode.invalidCertificate]: Messages.invalidCertificate,
  [LoginErrorCode.invalidIp]: Messages.invalidIp,
};

/**
 * The text shown under the 'Authentication failed' heading for a failed login (SPEC 8): a known
 * LOGIN.FORM.ERROR code maps to its message, any other non-empty message is shown as received, and an
 * empty (or whitespace-only) message shows 'Invalid username or password'.
 */
export function loginFailureMessage(message: string | null | undefined): string {
  if (message == null || message.trim() === '') return Messages.invalidUsernameOrPassword;
  return Object.hasOwn(loginCodeMessages, message) ? loginCodeMessages[message]! : message;
}
