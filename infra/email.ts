import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { StackContext } from 'sst/constructs';

/**
 * The SES domain identity mails are sent from. MAIL_DOMAIN (and optionally MAIL_FROM) come from the
 * stage's environment, e.g. `.env.prod`, which SST loads. Non-prod stages default to their own subdomain
 * because one account cannot hold the same identity twice; prod must name its domain.
 */
export function Email({ stack, app }: StackContext) {
  const domain =
    process.env.MAIL_DOMAIN ?? (app.stage === 'prod' ? undefined : `${app.stage}.portal.example.com`);
  if (!domain) throw new Error('MAIL_DOMAIN must be set for the prod stage (e.g. in .env.prod)');
  const mailFrom = process.env.MAIL_FROM ?? `no-reply@${domain}`;
  if (!mailFrom.endsWith(`@${domain}`) && !mailFrom.endsWith(`.${domain}`)) {
    throw new Error(`MAIL_FROM ${mailFrom} is not covered by the SES identity ${domain}`);
  }

  // Easy DKIM: the three CNAME records below must be published in the domain's DNS to verify it.
  const identity = new EmailIdentity(stack, 'MailIdentity', { identity: Identity.domain(domain) });
  stack.addOutputs({
    MailFrom: mailFrom,
    ...Object.fromEntries(
      identity.dkimRecords.map((r, i) => [`DkimRecord${i + 1}`, `${r.name} CNAME ${r.value}`]),
    ),
  });

  /**
   * Allows sending as MAIL_FROM only. The resource is every identity of this account and region because in
   * the SES sandbox the verified recipient identities are authorised too; the from-address condition keeps
   * it to this sender.
   */
  const grantSend = (grantee: IGrantable) =>
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
        conditions: { StringEquals: { 'ses:FromAddress': mailFrom } },
      }),
    );

  return { mailFrom, identity, grantSend };
}
