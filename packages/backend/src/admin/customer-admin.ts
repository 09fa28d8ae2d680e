import type * as z from '@portal/core/zod';
import { ADMIN } from '@portal/core/auth';
import { type Customer, CustomerInput, getCustomer, listCustomers, putNewCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { AdminActor, AdminContext } from './admin-audited.ts';
import type { AdminTarget } from './admin-audit-entity.ts';
import { decodeCursor, encodeCursor, invalid, pageLimit } from './admin-input.ts';

/** The admin commands (ADR 013) on customers: create one, list them. */
export function customerAdmin(ctx: AdminContext) {
  const { db, now, audited } = ctx;
  return {
    async createCustomer(actor: AdminActor, input: z.input<typeof CustomerInput>): Promise<Customer> {
      const parsed = CustomerInput.safeParse(input);
      const target: AdminTarget = { kind: 'customer', id: String(input.customerId ?? '').trim() };
      return audited(actor, 'create-customer', target, async () => {
        if (!parsed.success) throw invalid(parsed.error);
        if (!(await putNewCustomer(db, parsed.data, now()))) {
          throw new AppError('conflict', ADMIN.CUSTOMER_EXISTS, `Customer '${parsed.data.customerId}' exists already`);
        }
        const { customerId: _id, ...details } = parsed.data;
        return { result: (await getCustomer(db, parsed.data.customerId))!, details };
      });
    },

    /** One page of customers sorted by name; pass the returned cursor for the next page. */
    async listCustomers(actor: AdminActor, page: { limit?: number; cursor?: string } = {}) {
      return audited(actor, 'list-customers', undefined, async () => {
        const limit = pageLimit(page.limit, 500);
        const res = await listCustomers(db, {
          limit,
          cursor: decodeCursor(page.cursor, (key) => key.gsi1pk === 'CUSTOMERS'),
        });
        return { result: { items: res.items, cursor: encodeCursor(res.cursor) }, details: { count: res.items.length } };
      });
    },
  };
}
