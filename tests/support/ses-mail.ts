/** A mail as the local SES stand-in's store answers it. */
type Mail = { destination: { to: string[] }; subject: string; body: { text?: string } };

/**
 * The invitation link of the newest invitation mail to `address` (ADR 113), in whatever language the mail is:
 * the link is found by its path. Polls the SES stand-in's store for up to ten seconds.
 */
export async function invitationLink(sesUrl: string, address: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { emails } = (await (await fetch(`${sesUrl}/store`)).json()) as { emails: Mail[] };
    const links = emails
      .filter((m) => m.destination.to.includes(address))
      .map((m) => m.body.text?.match(/https?:\/\/\S+\/invitation\?token=[A-Za-z0-9_-]+/)?.[0])
      .filter((link): link is string => link !== undefined);
    if (links.length > 0) return links.at(-1)!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation mail to ${address}`);
}
