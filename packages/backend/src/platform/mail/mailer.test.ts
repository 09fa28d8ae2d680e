import { describe, expect, it, vi } from 'vitest';

// Captures the commands the mailer sends: the SES stand-in ignores configuration sets, so this checks the wiring.
const sent: unknown[] = [];
vi.mock('./ses-sdk.ts', () => {
  class SendRawEmailCommand {
    constructor(readonly input: unknown) {}
  }
  class SendEmailCommand extends SendRawEmailCommand {}
  class SESClient {
    async send(command: { input: unknown }) {
      sent.push(command.input);
      return { MessageId: 'msg-1' };
    }
  }
  return { SESClient, SendEmailCommand, SendRawEmailCommand };
});

const { createMailer } = await import('./mailer.ts');
const base = { AWS_REGION: 'eu-central-1', MAIL_FROM: 'reports@example.com' };

describe('mailer.sendRaw', () => {
  it('sends with the configuration set when one is configured, so SES reports later bounces (ADR 042)', async () => {
    sent.length = 0;
    const res = await createMailer({ ...base, SES_CONFIGURATION_SET: 'portal-report-mail' }).sendRaw('a@example.com', new Uint8Array([1]));
    expect(res).toEqual({ messageId: 'msg-1' });
    expect(sent[0]).toMatchObject({ Destinations: ['a@example.com'], ConfigurationSetName: 'portal-report-mail' });
  });

  it('sends without one locally', async () => {
    sent.length = 0;
    await createMailer(base).sendRaw('a@example.com', new Uint8Array([1]));
    expect(sent[0]).not.toHaveProperty('ConfigurationSetName');
  });
});
