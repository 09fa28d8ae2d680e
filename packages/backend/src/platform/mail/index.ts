// The platform/mail/ toolkit's face (ADR 060): what other workspaces import from it.
export { createMailer } from './mailer.ts';
