/** A company profile as the Company screen sends it (ADR 085); `over` replaces fields (a name, a bad address). */
export const companyProfile = (over: Record<string, unknown> = {}) => ({
  name: 'Company Markets GmbH',
  billingAddress: { street: 'Marktweg 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  shippingAddress: null,
  contacts: [{ name: 'Clara Contact', role: 'Buyer', email: 'clara@company.example', phone: '+49 30 1234' }],
  vatId: 'DE 123 456 789',
  invoiceEmail: 'invoices@company.example',
  ...over,
});
