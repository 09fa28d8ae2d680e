/** Mail the SES stand-in received (tests/setup/stand-ins.ts), newest last. */
export type SentMail = {
  messageId: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
};

export async function sentMails(to?: string): Promise<SentMail[]> {
  const res = await fetch(`${process.env.SES_ENDPOINT}/store`);
  const { emails } = (await res.json()) as { emails: SentMail[] };
  return to ? emails.filter((m) => m.destination.to.includes(to)) : emails;
}

/** The last mail to an address, or an error saying none came. */
export async function lastMailTo(to: string): Promise<SentMail> {
  const mail = (await sentMails(to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
