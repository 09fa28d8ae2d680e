import type { TeamOverview } from '@portal/core/auth/team';

/** The brand's cap as GET /api/team answers it (ADR 113): a limit per customer and each scope's seats in use. */
export type TeamCap = TeamOverview['cap'];

/** Seats in use at one customer: the answer's count for that scope (the own customer's when not listed). */
export const seatsAt = (cap: TeamCap, customerId: string) => cap.byCustomer.find((s) => s.customerId === customerId)?.used ?? cap.used;

/**
 * No invitation can be placed: a cap exists and every customer the admin may place members at is full (a group
 * admin with room at one retailer still invites there; the server refuses a full one with TEAM.USER_CAP_REACHED).
 */
export function capReached({ cap, scopes }: Pick<TeamOverview, 'cap' | 'scopes'>): boolean {
  const { limit } = cap;
  if (limit === null) return false;
  if (scopes.length === 0) return cap.used >= limit;
  return scopes.every((scope) => seatsAt(cap, scope.customerId) >= limit);
}
