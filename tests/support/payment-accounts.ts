import { connectAccount } from './test-backend.ts';

/**
 * An import record of a connect and ordering user whose payment module holds `payment` (the connect
 * sections' bits), as the payment-section API tests import them.
 */
export function paymentAccount(username: string, customerId: string, payment: number, password: string, timezone = 'Europe/Berlin') {
  return connectAccount(username, customerId, password, {
    portals: ['connect', 'ordering'],
    modules: { payment: { permissions: payment, settings: 0 } },
    timezone,
  });
}
