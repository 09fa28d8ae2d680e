import { lazy } from '../../platform/lazy.ts';

/**
 * TOTP (RFC 6238: SHA-1, 6 digits, 30 s) through otplib. A code is accepted within one step of drift and
 * only once: the caller stores the accepted time step and passes it back as `afterTimeStep`. otplib (with
 * @noble/hashes and @scure/base) is loaded with the first TOTP use, not at the API's cold start (ADR 038).
 */
const PERIOD = 30;

const otplib = lazy(() => import('./otp-lib.ts'));

export const newTotpSecret = async () => (await otplib()).generateSecret();

export const totpUri = async (secret: string, label: string, issuer: string) =>
  (await otplib()).generateURI({ issuer, label, secret, period: PERIOD });

/** The time step the code belongs to, or null when it is wrong, stale or already used. */
export async function verifyTotp(secret: string, code: string, now: Date, afterTimeStep?: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const { verify } = await otplib();
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
