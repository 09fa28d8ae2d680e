/**
 * VAT identification numbers (ADR 085): the structure every one shares (a two-letter country prefix and 2-13
 * letters or digits) and, for the countries whose format is simple, the exact shape (the EU's VIES formats).
 * No checksum and no online lookup: the approver (or the supplier's staff) checks the number itself.
 */
const SHAPES: Readonly<Record<string, RegExp>> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  CH: /^CHE\d{9}(MWST|TVA|IVA)?$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-Z]{2}\d{9}$/,
  GB: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  IT: /^IT\d{11}$/,
  LU: /^LU\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  SE: /^SE\d{12}$/,
};
const STRUCTURE = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

/** The number as it is stored: upper case, without spaces, dots and hyphens people type into it. */
export const normalizeVatId = (raw: string): string => raw.replace(/[\s.-]/g, '').toUpperCase();

/** Why a (normalized) VAT ID is not one, or null when its shape is right. */
export function vatIdProblem(vatId: string): string | null {
  if (!STRUCTURE.test(vatId)) return 'A VAT ID starts with the two-letter country code, then 2 to 13 letters or digits';
  const shape = SHAPES[vatId.slice(0, 2)];
  if (shape && !shape.test(vatId)) return `Not a valid ${vatId.slice(0, 2)} VAT ID`;
  return null;
}
