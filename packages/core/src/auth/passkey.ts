import * as z from '../shared/zod.ts';
import { SignInInput } from './contracts.ts';

/**
 * Passkey wire contracts (ADR 098): the browser's WebAuthn answers as @simplewebauthn/browser serialises
 * them (base64url fields), each bounded (ADR 052), and the My Account list.
 */
const b64url = (max: number) => z.string().check(z.regex(new RegExp(`^[A-Za-z0-9_-]{1,${max}}$`), 'Value is not valid'));
/** A credential id is at most 1,023 bytes (WebAuthn §5.8.3): 1,364 base64url characters. */
const credentialId = b64url(1364);
const transports = z.optional(z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).check(z.maxLength(7)));
const attachment = z.optional(z.enum(['platform', 'cross-platform']));
/** Extension outputs are not used: accepted empty (unknown keys are dropped). */
const extensionResults = z._default(z.object({}), {});

export const PasskeyNameSchema = z.string().check(z.trim(), z.minLength(1, 'Value is required'), z.maxLength(60));

/** PATCH auth/passkeys/:id body. */
export const PasskeyRenameInput = z.object({ name: PasskeyNameSchema });

/** A PublicKeyCredential as JSON (WebAuthn §5.1 toJSON) around the ceremony's own `response` fields. */
const credentialJson = <R extends z.ZodMiniType>(response: R) =>
  z.object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal('public-key'),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensionResults,
    response,
  });

export const PasskeyRegistrationInput = z.object({
  name: PasskeyNameSchema,
  response: credentialJson(z.object({ clientDataJSON: b64url(4096), attestationObject: b64url(16384), transports })),
});
export type PasskeyRegistrationInput = z.infer<typeof PasskeyRegistrationInput>;

const assertionJson = credentialJson(
  z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(1024),
    userHandle: z.optional(b64url(86)),
  }),
);

export const PasskeySignInInput = z.object({ response: assertionJson });
export type PasskeySignInInput = z.infer<typeof PasskeySignInInput>;

/**
 * POST auth/passkeys/mfa: the second step of a password sign-in answered with a passkey (ADR 112). Like the
 * code step, the username and password come again with it (the sign-in's own checks run as for a code).
 */
export const PasskeySecondFactorInput = z.extend(z.pick(SignInInput, { username: true, password: true }), { response: assertionJson });
export type PasskeySecondFactorInput = z.infer<typeof PasskeySecondFactorInput>;

/** One passkey of My Account's list. */
export const PasskeySummary = z.object({
  credentialId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.optional(z.string()),
  backedUp: z.optional(z.boolean()),
});
export type PasskeySummary = z.infer<typeof PasskeySummary>;
