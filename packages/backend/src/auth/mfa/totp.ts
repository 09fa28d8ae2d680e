import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through otplib. A code is accepted within one step of drift and
 * only once: the caller stores the accepted time step and passes it back as `afterTimeStep`.
 */
const PERIOD = 30;

export const newTotpSecret = () => generateSecret();

export const totpUri = (secret: string, label: string, issuer: string) =>
  generateURI({ issuer, label, secret, period: PERIOD });

/** The time step the code belongs to, or null when it is wrong, stale or already used. */
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  afterTimeStep?: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      period: PERIOD,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: PERIOD,
      ...(afterTimeStep !== undefined ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
