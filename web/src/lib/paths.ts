/**
 * Every URL of the web app, in one place (ARCHITECTURE convention 7). Screens link with these helpers,
 * never with hand-written strings.
 */
const enc = encodeURIComponent;

export const paths = {
  home: '/',
  about: '/about',
  privacyPolicy: '/about#privacy-policy',
  legalNotice: '/about#legal-notice',
  forgotPassword: '/forgot-password',
  landing: '/landing',
  ssoCallback: '/sso-callback',
  app: {
    root: '/app',
    myAccount: '/app/my-account',
    retailerSelection: '/app/retailer-selection',
    order: {
      address: '/app/order',
      location: (id: string) => `/app/order/location/${enc(id)}`,
      check: (id: string) => `/app/order/check/${enc(id)}`,
      finalise: (id: string) => `/app/order/finalise/${enc(id)}`,
      product: (id: string, productId: string) => `/app/order/product/${enc(id)}/${enc(productId)}`,
      products: '/app/order/products',
      basket: '/app/order/basket',
    },
    questionnaire: '/app/questionnaire',
    orders: '/app/orders',
    sales: '/app/sales',
    couponing: {
      serials: '/app/couponing',
      query: '/app/couponing/query',
      details: '/app/couponing/details',
    },
  },
  connect: {
    root: '/connect',
    myAccount: '/connect/my-account',
    serialNumbers: '/connect/serial-numbers',
    transactions: '/connect/transactions',
    sales: '/connect/sales',
    reports: '/connect/reports',
    news: '/connect/news',
    documents: '/connect/documents',
    logo: '/connect/logo',
    productAllocation: '/connect/product-allocation',
    requests: '/connect/requests',
  },
} as const;

/** API paths (base /api/, SPEC 7). */
export const apiPaths = {
  brand: '/api/brand',
  signIn: '/api/auth/signin',
  status: '/api/auth/status',
  logout: '/api/auth/logout',
  forgotPassword: '/api/auth/forgot-password',
  sendOtpCode: '/api/send-otp-code',
  account: '/api/account',
} as const;
