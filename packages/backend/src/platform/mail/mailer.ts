import { SendEmailCommand, SESClient } from '@aws-sdk/client-ses';
import type { Config } from '../../config.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Sends mail through SES (the aws-ses-v2-local stand-in locally); only the endpoint differs. */
export function createMailer(config: Pick<Config, 'AWS_REGION' | 'SES_ENDPOINT' | 'MAIL_FROM'>) {
  const ses = new SESClient({
    region: config.AWS_REGION,
    ...(config.SES_ENDPOINT ? { endpoint: config.SES_ENDPOINT } : {}),
  });
  return {
    async send(mail: Mail): Promise<void> {
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
  };
}

export type Mailer = ReturnType<typeof createMailer>;
