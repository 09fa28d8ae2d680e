// The part of otplib TOTP uses, imported with import() on first use (totp.ts). A module of its own so the
// bundler keeps only these rather than all of otplib (HOTP, the other plugins).
export { generateSecret, generateURI, verify } from 'otplib';
