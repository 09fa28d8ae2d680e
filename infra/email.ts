import { type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet, EmailIdentity, EmailSendingEvent, EventDestination, Identity } from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { StackContext } from 'sst/constructs';

/**
 * The SES domain identity mails are sent from. MAIL_DOMAIN (and optionally MAIL_FROM) come from the
 * stage's environment, e.g. `.env.prod`, which SST loads. Non-prod stages default to their own subdomain
 * because one account cannot hold the same identity twice; prod must name its domain.
 */
export function Email({ stack, app }: StackContext) {
  const domain = process.env.MAIL_DOMAIN ?? (app.stage === 'prod' ? undefined : `${app.stage}.portal.example.com`);
  if (!domain) throw new Error('MAIL_DOMAIN must be set for the prod stage (e.g. in .env.prod)');
  const mailFrom = process.env.MAIL_FROM ?? `no-reply@${domain}`;
  if (!mailFrom.endsWith(`@${domain}`) && !mailFrom.endsWith(`.${domain}`)) {
    throw new Error(`MAIL_FROM ${mailFrom} is not covered by the SES identity ${domain}`);
  }

  // Easy DKIM: the three CNAME records below must be published in the domain's DNS to verify it.
  const identity = new EmailIdentity(stack, 'MailIdentity', { identity: Identity.domain(domain) });
  stack.addOutputs({
    MailFrom: mailFrom,
    ...Object.fromEntries(identity.dkimRecords.map((r, i) => [`DkimRecord${i + 1}`, `${r.name} CNAME ${r.value}`])),
  });

  // Bounces and complaints SES learns of after it accepted a mail (ADR 042 addendum): the mailer names this
  // configuration set (SES_CONFIGURATION_SET), which publishes those two events to a topic the Jobs stack's
  // mail-events queue subscribes to. CDK gives the topic a policy letting SES publish for this set only.
  const configurationSetName = app.logicalPrefixedName('mail');
  const configurationSet = new ConfigurationSet(stack, 'MailConfigurationSet', { configurationSetName });
  const mailEvents = new Topic(stack, 'MailEvents', { enforceSSL: true });
  configurationSet.addEventDestination('BouncesAndComplaints', {
    destination: EventDestination.snsTopic(mailEvents),
    events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
  });

  /**
   * Allows sending as MAIL_FROM only. The resource is every identity of this account and region because in
   * the SES sandbox the verified recipient identities are authorised too; the from-address condition keeps
   * it to this sender. A send naming the configuration set is authorised against the set too (SES checks
   * both resources), so the set is a resource of the same statement.
   */
  const grantSend = (grantee: IGrantable) =>
    grantee.grantPrincipal.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
          stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: configurationSetName }),
        ],
        conditions: { StringEquals: { 'ses:FromAddress': mailFrom } },
      }),
    );

  return { mailFrom, identity, grantSend, configurationSetName, mailEvents };
}
