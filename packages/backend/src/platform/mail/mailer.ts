import type { Config } from '../../config.ts';
import type { FaultInjector } from '../faults/fault-injector.ts';
import { lazy } from '../lazy.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Attempts of one SendEmail while SES answers Throttling (the SDK's default is 3 as well). */
const MAIL_ATTEMPTS = 3;

/**
 * The SDK's retry narrowed to throttling (ADR 025). SendEmail carries no idempotency token: a 5xx or a
 * timeout may come after SES accepted the mail, and the SDK's default retry would then send it twice
 * under one request that answers success. Throttling is a refusal (nothing was sent), so only it is
 * retried here, with full-jitter backoff; any other failure reaches the caller (503, the client retries).
 */
export const throttlingOnlyRetry = {
  async acquireInitialRetryToken() {
    return retryToken(0);
  },
  async refreshRetryTokenForRetry(token: { getRetryCount(): number }, info: { errorType: string; error?: unknown }) {
    const count = token.getRetryCount() + 1;
    if (info.errorType !== 'THROTTLING' || count >= MAIL_ATTEMPTS) throw info.error ?? new Error('no retry');
    return retryToken(count);
  },
  recordSuccess() {},
};
function retryToken(count: number) {
  const delay = Math.random() * Math.min(20_000, 100 * 2 ** count);
  return { getRetryCount: () => count, getRetryDelay: () => delay };
}

/**
 * Sends mail through SES (the aws-ses-v2-local stand-in locally); only the endpoint differs. `faults`
 * (tests and the fault bench only, ADR 025) injects throttling, 5xx and timeouts into its calls. The SDK
 * client is loaded and made with the first mail (few requests send one; not at cold start).
 */
export function createMailer(
  config: Pick<Config, 'AWS_REGION' | 'SES_ENDPOINT' | 'MAIL_FROM'> & Partial<Pick<Config, 'SES_CONFIGURATION_SET'>>,
  faults?: FaultInjector,
) {
  const client = lazy(async () => {
    const { SESClient, SendEmailCommand, SendRawEmailCommand } = await import('./ses-sdk.ts');
    const ses = new SESClient({
      region: config.AWS_REGION,
      ...(config.SES_ENDPOINT ? { endpoint: config.SES_ENDPOINT } : {}),
      retryStrategy: throttlingOnlyRetry,
    });
    faults?.install(ses, 'ses');
    return { ses, SendEmailCommand, SendRawEmailCommand };
  });
  return {
    async send(mail: Mail): Promise<void> {
      const { ses, SendEmailCommand } = await client();
      await ses.send(
        new SendEmailCommand({
          Source: config.MAIL_FROM,
          Destination: { ToAddresses: [mail.to] },
          Message: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: {
              Text: { Data: mail.text, Charset: 'UTF-8' },
              ...(mail.html ? { Html: { Data: mail.html, Charset: 'UTF-8' } } : {}),
            },
          },
        }),
      );
    },
    /**
     * A message built whole (MIME with attachments and list headers: the report mails, ADR 042), sent to
     * `to` only. Answers SES's MessageId: the proof the mail was accepted, kept so it is never sent twice.
     */
    async sendRaw(to: string, raw: Uint8Array): Promise<{ messageId: string }> {
      const { ses, SendRawEmailCommand } = await client();
      const res = await ses.send(
        new SendRawEmailCommand({
          Source: config.MAIL_FROM,
          Destinations: [to],
          RawMessage: { Data: raw },
          // Later bounces and complaints are published through the configuration set (ADR 042).
          ...(config.SES_CONFIGURATION_SET ? { ConfigurationSetName: config.SES_CONFIGURATION_SET } : {}),
        }),
      );
      return { messageId: res.MessageId ?? '' };
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
