import type { SalesAnswer, SalesNotes, SalesQuery, SalesTransactionsPage } from '@portal/core';
import type { z } from 'zod';
import type { SalesTransactionsQuery } from '@portal/core';
import type { Db } from '../db/client.ts';
import type { OrderingActor } from '../ordering/actor.ts';

export type SalesDeps = { db: Db; now: () => Date };

/**
 * Sales of a retailer (SPEC 3 Sales, SPEC 7 sales): needs retailerSales, a strong session and a retailer
 * the actor may act for (a foreign retailer or store answers 404). Served from the rollups (ADR 014).
 */
export function createSalesService(deps: SalesDeps) {
  const notYet = (): never => {
    throw new Error(`sales service not implemented (${deps.db.table})`);
  };
  return {
    sales: async (_actor: OrderingActor, _query: SalesQuery): Promise<SalesAnswer> => notYet(),
    transactions: async (
      _actor: OrderingActor,
      _query: z.infer<typeof SalesTransactionsQuery>,
    ): Promise<SalesTransactionsPage> => notYet(),
    notes: async (_actor: OrderingActor, _customerId: string): Promise<SalesNotes> => notYet(),
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
