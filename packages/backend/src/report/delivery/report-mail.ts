import { REPORT_NAME_MAX_LENGTH } from '@portal/core/report';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { textsFor } from '../../platform/texts/server-texts.ts';

/**
 * The mail of one report run to one recipient (ADR 042): subject and body in the recipient's language
 * (its locale: en, de, fr or pl, else English; ADR 090), the run's period, the files attached or as download links,
 * and for external recipients the one-click unsubscribe (a link in the body to the web page, and the
 * RFC 8058 List-Unsubscribe + List-Unsubscribe-Post headers that mail providers POST to). The MIME is
 * built by nodemailer's MailComposer, not by hand; SES sends it as it is (SendRawEmail).
 */
export type MailFile = { name: string; contentType: string } & ({ content: Buffer } | { link: string; validUntil: string });

export type ReportMail = {
  from: string;
  to: string;
  /** The recipient's locale (a portal user's account, else the report owner's); dates and numbers follow it. */
  locale: string | null;
  reportName: string;
  dateFrom: string;
  dateUntil: string;
  files: MailFile[];
  /** External recipients: the web page's link (body) and the API's one-click URL (headers). */
  unsubscribe?: { pageUrl: string; oneClickUrl: string };
  /** The customer's logo (ADR 084), a re-encoded PNG: inline in the HTML part (cid), never a remote image. */
  logo?: Buffer;
};

/** The Content-ID of the inline logo (RFC 2392): the HTML names it as `cid:`. */
const LOGO_CID = 'company-logo@portal';

/**
 * A report name as mails carry it (ADR 051): the caller chose it, so control characters and line
 * separators (a CR/LF would end the Subject header) become spaces, and it is cut to the name's maximum
 * length. Custom report names are refused with such characters already; this holds for every name.
 */
export function mailSafeName(name: string): string {
  const flat = name
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= REPORT_NAME_MAX_LENGTH ? flat : `${flat.slice(0, REPORT_NAME_MAX_LENGTH - 1).trimEnd()}…`;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Subject, plain text and HTML of a report mail. */
export async function reportMailContent(input: ReportMail): Promise<{ subject: string; text: string; html: string }> {
  const mail = { ...input, reportName: mailSafeName(input.reportName) };
  const { t, texts, day } = await textsFor(mail.locale);
  const m = texts.reportMail;
  const period = mail.dateFrom === mail.dateUntil ? day(mail.dateFrom) : `${day(mail.dateFrom)} – ${day(mail.dateUntil)}`;
  const named = { name: mail.reportName, period };
  const attachments = mail.files.filter((f) => 'content' in f);
  const links = mail.files.flatMap((f) => ('link' in f ? [f] : []));
  const text: string[] = [t(m.intro, named), ''];
  const html: string[] = [
    ...(mail.logo ? [`<p><img src="cid:${LOGO_CID}" alt="" height="48" style="display:block;height:48px;width:auto;border:0"></p>`] : []),
    `<p>${escapeHtml(t(m.intro, named))}</p>`,
  ];
  if (attachments.length) {
    const attached = t(m.attached, { count: attachments.length });
    text.push(attached);
    html.push(`<p>${escapeHtml(attached)}</p>`);
  }
  if (links.length) {
    const intro = t(m.links, { count: links.length });
    text.push(intro);
    html.push(`<p>${escapeHtml(intro)}</p><ul>`);
    for (const f of links) {
      const until = t(m.validUntil, { day: day(f.validUntil) });
      text.push(`${f.name}: ${f.link} ${until}`);
      html.push(`<li><a href="${escapeHtml(f.link)}">${escapeHtml(f.name)}</a> ${escapeHtml(until)}</li>`);
    }
    html.push('</ul>');
  }
  text.push('', '--', m.why);
  html.push(`<hr><p style="color:#6b7280;font-size:13px">${escapeHtml(m.why)}`);
  if (mail.unsubscribe) {
    text.push(`${m.unsubscribe} ${mail.unsubscribe.pageUrl}`);
    // A phone's width takes no long URL: the HTML names the link, the text part carries it whole.
    html.push(`<br><a href="${escapeHtml(mail.unsubscribe.pageUrl)}">${escapeHtml(m.unsubscribeLink)}</a>`);
  }
  html.push('</p>');
  return { subject: t(m.subject, named), text: text.join('\n'), html: html.join('\n') };
}

/** The whole message as SES SendRawEmail takes it. */
export async function buildReportMail(mail: ReportMail): Promise<Buffer> {
  const { subject, text, html } = await reportMailContent(mail);
  const composer = new MailComposer({
    from: mail.from,
    to: mail.to,
    subject,
    text,
    html,
    attachments: [
      ...mail.files.flatMap((f) => ('content' in f ? [{ filename: f.name, content: f.content, contentType: f.contentType }] : [])),
      ...(mail.logo
        ? [{ filename: 'logo.png', content: mail.logo, contentType: 'image/png', cid: LOGO_CID, contentDisposition: 'inline' as const }]
        : []),
    ],
    ...(mail.unsubscribe
      ? { headers: { 'List-Unsubscribe': `<${mail.unsubscribe.oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
      : {}),
  });
  return composer.compile().build();
}
