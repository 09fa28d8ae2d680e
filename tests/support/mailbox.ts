import { freePort } from '../../scripts/local/ports.ts';
import { startSesLocal } from '../../scripts/local/ses-local.ts';
import { workerEnv } from './worker-env.ts';

/**
 * A test file that reads mail gets an SES stand-in of its own, started when it first imports this module (before its
 * backend reads SES_ENDPOINT): server files run side by side (vitest.config.ts), and in the suite's shared
 * stand-in (tests/setup/stand-ins.ts) another file's mail to the same address, or any mail at all, would
 * be read as this file's. Files that share a worker's modules (ADR 160) share its stand-in one after the other (it is
 * the worker's SES from then on: tests/support/worker-env.ts), each starting with it empty (tests/setup/server-file.ts).
 * It never holds the worker open.
 */
const sesPort = await freePort();
const ses = await startSesLocal({ host: '127.0.0.1', port: sesPort });
ses.unref();
workerEnv.SES_ENDPOINT = `http://127.0.0.1:${sesPort}`;
Object.assign(process.env, workerEnv);

/** Mail this file's SES stand-in received (above), newest last. */
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
