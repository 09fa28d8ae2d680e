import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for tests (ADR 098): an ES256 key pair per credential, authenticator data,
 * client data and signatures built as WebAuthn Level 3 §6.1, §6.5 and §7 lay them out, "none" attestation.
 * Its answers are real: the server verifies them with @simplewebauthn/server like a browser's.
 */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };
export type SoftCredential = { id: Buffer; privateKey: KeyObject; userHandle: string; rpId: string; counter: number };

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');

/** Makes a credential for registration options (navigator.credentials.create). */
export function createCredential(options: Options, origin: string, flags = FLAG_UP | FLAG_UV) {
  const rpId = options.rp?.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]),
  );
  const id = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const authData = Buffer.concat([sha256(rpId), Buffer.from([flags | FLAG_AT]), u32(0), Buffer.alloc(16), idLength, id, cose]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, never> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, never>()],
      ['authData', new Uint8Array(authData)],
    ]),
  );
  const credential: SoftCredential = { id, privateKey, userHandle: options.user?.id ?? '', rpId, counter: 0 };
  const response = {
    id: b64url(id),
    rawId: b64url(id),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    },
  };
  return { credential, response };
}

/** Answers authentication options (navigator.credentials.get); the counter goes up by one unless `counter` is given. */
export function assert(credential: SoftCredential, options: Options, origin: string, opts: { flags?: number; counter?: number } = {}) {
  credential.counter = opts.counter ?? credential.counter + 1;
  const authData = Buffer.concat([sha256(credential.rpId), Buffer.from([opts.flags ?? FLAG_UP | FLAG_UV]), u32(credential.counter)]);
  const data = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    },
  };
}

/** A copy of a credential's key and counter as they are now: a cloned authenticator. */
export const cloneCredential = (credential: SoftCredential): SoftCredential => ({ ...credential });

export const USER_PRESENT_ONLY = FLAG_UP;
