import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { reportLimitsOf } from '@portal/core/report';
import { DEFAULT_BRAND_ID, getBrand } from '../../brands/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { applied } from '../../platform/db/conditions.ts';
import { toTtl } from '../../platform/db/table.ts';

/**
 * The daily mail budget of a customer (ADR 051): every report mail and confirmation mail of the customer
 * first takes one from `MAILBUDGET#<customerId>` / `<UTC day>` by a conditional ADD (`mails < limit`),
 * so parallel runs cannot overshoot it; a mail that gets none is not sent (the delivery is held). The
 * item expires two days after its day. One item per customer and day: a customer sends far fewer mails
 * per second than one key takes writes (1,000 WCU/s), and customers never share a key.
 */
export const mailBudgetKey = (customerId: string, day: string) => ({ pk: `MAILBUDGET#${customerId}`, sk: day });

/** True when the mail may go (and is counted); false when the customer's mails of this UTC day reached `limit`. */
export function takeMailBudget(db: Db, customerId: string, limit: number, at: Date): Promise<boolean> {
  const day = at.toISOString().slice(0, 10);
  return applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: mailBudgetKey(customerId, day),
        UpdateExpression: 'ADD mails :one SET #type = :type, expiresAt = if_not_exists(expiresAt, :ttl)',
        ConditionExpression: 'attribute_not_exists(mails) OR mails < :limit',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': limit,
          ':type': 'mailBudget',
          ':ttl': toTtl(new Date(Date.parse(`${day}T00:00:00Z`) + 3 * 86_400_000)),
        },
      }),
    ),
  );
}

/**
 * The daily limit where no request's host names a brand (the runner, a resend): customers belong to no
 * brand in the data (brands are per host), so the default brand's setting is the portal operator's cap.
 */
export async function defaultMailsPerDay(db: Db): Promise<number> {
  return reportLimitsOf((await getBrand(db, DEFAULT_BRAND_ID))?.customFields.reportLimits).mailsPerCustomerPerDay;
}
