import * as z from '../shared/zod.ts';
import { ChangeDiffEntry } from '../workflow/request.ts';

export { ChangeDiffEntry };
import { normalizeVatId, vatIdProblem } from './vat-id.ts';

/**
 * The company profile of a customer (SPEC 2 connect "company"; ADR 085): its name, billing and shipping
 * address, contact persons, VAT ID and invoice e-mail. Every connect user of the customer reads it; holders of
 * flow.editCompanyProfile change it — directly, or through a request in the "Company profile change" workflow
 * when the brand asks for approval (BrandSettings.customFields.companyChangesRequireApproval).
 */
export const COMPANY_LIMITS = {
  name: 200,
  street: 200,
  postalCode: 20,
  city: 100,
  contacts: 20,
  contactName: 100,
  role: 100,
  phone: 40,
} as const;

/** No control characters (a NUL, a newline in a name): text that is printed on invoices and in mails. */
const noControl = z.refine<string>((value) => !/\p{Cc}/u.test(value), 'Control characters are not allowed');
const text = (max: number, required: string | null) =>
  z.string().check(z.trim(), ...(required ? [z.minLength(1, required)] : []), z.maxLength(max, `At most ${max} characters`), noControl);
const email = z.string().check(z.trim(), z.maxLength(254, 'At most 254 characters'), z.email('Enter a valid e-mail address'));

export const CompanyAddress = z.object({
  street: text(COMPANY_LIMITS.street, 'Enter the street and number'),
  postalCode: text(COMPANY_LIMITS.postalCode, 'Enter the postal code'),
  city: text(COMPANY_LIMITS.city, 'Enter the city'),
  /** ISO 3166-1 alpha-2. */
  country: z.string().check(z.trim(), z.regex(/^[A-Z]{2}$/, 'Choose a country (two capital letters)')),
});
export type CompanyAddress = z.infer<typeof CompanyAddress>;

export const CompanyContact = z.object({
  name: text(COMPANY_LIMITS.contactName, 'Enter the name'),
  role: text(COMPANY_LIMITS.role, null),
  email,
  phone: z.string().check(z.trim(), z.maxLength(COMPANY_LIMITS.phone), z.regex(/^[+0-9 ()/-]*$/, 'Digits, spaces and + ( ) / - only')),
});
export type CompanyContact = z.infer<typeof CompanyContact>;

/** An empty VAT ID is none; a given one is stored normalized and must have a VAT ID's shape. */
const VatId = z.pipe(
  z.string().check(z.maxLength(32, 'At most 32 characters')),
  z.pipe(
    z.transform(normalizeVatId),
    z.string().check(z.refine((v) => v === '' || vatIdProblem(v) === null, { error: (issue) => vatIdProblem(String(issue.input)) ?? '' })),
  ),
);

export const CompanyProfile = z.object({
  name: text(COMPANY_LIMITS.name, 'Enter the company name'),
  billingAddress: CompanyAddress,
  /** None: goods go to the billing address. */
  shippingAddress: z.nullable(CompanyAddress),
  contacts: z.array(CompanyContact).check(z.maxLength(COMPANY_LIMITS.contacts, `At most ${COMPANY_LIMITS.contacts} contact persons`)),
  vatId: VatId,
  invoiceEmail: email,
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

/** The profile as it is read (an unsaved one has empty fields the form asks to fill): the same shape, unchecked text. */
const ReadAddress = z.object({ street: z.string(), postalCode: z.string(), city: z.string(), country: z.string() });
export const CompanyProfileRead = z.object({
  name: z.string(),
  billingAddress: ReadAddress,
  shippingAddress: z.nullable(ReadAddress),
  contacts: z.array(z.object({ name: z.string(), role: z.string(), email: z.string(), phone: z.string() })),
  vatId: z.string(),
  invoiceEmail: z.string(),
});

/** PUT company/:customerId/profile: the whole profile and the revision the form was read at. */
export const CompanyProfileSave = z.object({ rev: z.number().check(z.int(), z.gte(0), z.lte(1_000_000_000)), profile: CompanyProfile });
export type CompanyProfileSave = z.infer<typeof CompanyProfileSave>;

export const CompanyParams = z.object({ customerId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** The kinds of company change (SPEC 6 flow permissions editCompanyProfile / editCompanyAssets / editCompanyDocuments). */
export const COMPANY_CHANGE_KINDS = ['profile', 'assets', 'documents'] as const;
export type CompanyChangeKind = (typeof COMPANY_CHANGE_KINDS)[number];

/** A change waiting for a decision: its request (id, status) and what it proposes. */
export const PendingCompanyChange = z.object({
  kind: z.enum(COMPANY_CHANGE_KINDS),
  requestId: z.string(),
  status: z.string(),
  requestedBy: z.string(),
  createdAt: z.string(),
  diff: z.array(ChangeDiffEntry),
});
export type PendingCompanyChange = z.infer<typeof PendingCompanyChange>;

/** An applied change in the company's trail: who, when, old → new, and the request it came through (null: applied at once). */
export const CompanyHistoryEntry = z.object({
  at: z.string(),
  actor: z.string(),
  kind: z.enum(COMPANY_CHANGE_KINDS),
  requestId: z.nullable(z.string()),
  diff: z.array(ChangeDiffEntry),
});
export type CompanyHistoryEntry = z.infer<typeof CompanyHistoryEntry>;

/** GET company/:customerId: the profile at its revision (0: never saved, shown from the master data), what waits, what the caller may do. */
export const CompanyView = z.object({
  customerId: z.string(),
  profile: CompanyProfileRead,
  rev: z.number(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
  pending: z.array(PendingCompanyChange),
  /** Whether a profile save needs approval (the brand's setting). */
  approvalRequired: z.boolean(),
  mayEdit: z.boolean(),
  /** The newest applied changes, newest first. */
  history: z.array(CompanyHistoryEntry),
});
export type CompanyView = z.infer<typeof CompanyView>;

/** A save's outcome: applied at once (the new revision), or sent for approval (the request filed). */
export const CompanyProfileSaved = z.union([
  z.object({ outcome: z.literal('applied'), rev: z.number() }),
  z.object({ outcome: z.literal('filed'), requestId: z.string() }),
]);
export type CompanyProfileSaved = z.infer<typeof CompanyProfileSaved>;

/** Flattens a profile to `path → text` (the diff's and the audit's view of it). */
export function flattenProfile(profile: CompanyProfile): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
      return;
    }
    out[path] = String(value);
  };
  walk(profile, '');
  return out;
}

/** What changes from `before` to `after`, field by field (a field only one side has shows null on the other). */
export function profileDiff(before: CompanyProfile, after: CompanyProfile): ChangeDiffEntry[] {
  const [a, b] = [flattenProfile(before), flattenProfile(after)];
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  // A field one side lacks and the other holds empty is no change (a new contact's empty phone).
  return fields.filter((f) => (a[f] ?? '') !== (b[f] ?? '')).map((field) => ({ field, before: a[field] ?? null, after: b[field] ?? null }));
}
