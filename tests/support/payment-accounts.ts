/**
 * An import record of a connect and ordering user whose payment module holds `payment` (the connect
 * sections' bits), as the payment-section API tests import them: one password, no expiry in sight.
 */
export function paymentAccount(username: string, customerId: string, payment: number, password: string, timezone = 'Europe/Berlin') {
  return {
    username,
    password,
    email: `${username}@example.com`,
    passwordExpiry: '2030-01-01T00:00:00.000Z',
    customerId,
    portals: ['connect', 'ordering'],
    securityFlag: 16,
    modules: { payment: { permissions: payment, settings: 0 } },
    timezone,
  };
}
