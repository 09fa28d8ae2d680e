import { REPORT_NAME_MAX_LENGTH } from '@portal/core/report';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

/**
 * The mail of one report run to one recipient (ADR 042): subject and body in the recipient's language
 * (German for a `de` locale, else English), the run's period, the files attached or as download links,
 * and for external recipients the one-click unsubscribe (a link in the body to the web page, and the
 * RFC 8058 List-Unsubscribe + List-Unsubscribe-Post headers that mail providers POST to). The MIME is
 * built by nodemailer's MailComposer, not by hand; SES sends it as it is (SendRawEmail).
 */
export type MailLanguage = 'en' | 'de';
export const mailLanguageOf = (locale: string | null | undefined): MailLanguage => (locale?.toLowerCase().startsWith('de') ? 'de' : 'en');

export type MailFile = { name: string; contentType: string } & ({ content: Buffer } | { link: string; validUntil: string });

export type ReportMail = {
  from: string;
  to: string;
  language: MailLanguage;
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

const day = (iso: string, language: MailLanguage) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return language === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
};
const periodOf = (mail: ReportMail) =>
  mail.dateFrom === mail.dateUntil
    ? day(mail.dateFrom, mail.language)
    : `${day(mail.dateFrom, mail.language)} – ${day(mail.dateUntil, mail.language)}`;

const TEXTS = {
  en: {
    subject: (name: string, period: string) => `Report "${name}": ${period}`,
    intro: (name: string, period: string) => `Here is the report "${name}" for ${period}.`,
    attached: (n: number) => (n === 1 ? 'The file is attached.' : `The ${n} files are attached.`),
    links: (n: number) =>
      n === 1 ? 'The file is too large to attach; download it here:' : `The ${n} files are too large to attach; download them here:`,
    validUntil: (until: string) => `(the link works until ${until})`,
    why: 'You receive this mail because you are on the mailing list of this report in the portal.',
    unsubscribe: 'To stop receiving this report, open:',
    unsubscribeLink: 'Unsubscribe from this report',
  },
  de: {
    subject: (name: string, period: string) => `Bericht „${name}“: ${period}`,
    intro: (name: string, period: string) => `Anbei der Bericht „${name}“ für ${period}.`,
    attached: (n: number) => (n === 1 ? 'Die Datei ist angehängt.' : `Die ${n} Dateien sind angehängt.`),
    links: (n: number) =>
      n === 1
        ? 'Die Datei ist zu groß für einen Anhang; hier können Sie sie herunterladen:'
        : `Die ${n} Dateien sind zu groß für einen Anhang; hier können Sie sie herunterladen:`,
    validUntil: (until: string) => `(der Link gilt bis ${until})`,
    why: 'Sie erhalten diese E-Mail, weil Sie im Portal auf dem Verteiler dieses Berichts stehen.',
    unsubscribe: 'Um diesen Bericht nicht mehr zu erhalten, öffnen Sie:',
    unsubscribeLink: 'Diesen Bericht abbestellen',
  },
} as const;

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
export function reportMailContent(input: ReportMail): { subject: string; text: string; html: string } {
  const mail = { ...input, reportName: mailSafeName(input.reportName) };
  const t = TEXTS[mail.language];
  const period = periodOf(mail);
  const attachments = mail.files.filter((f) => 'content' in f);
  const links = mail.files.flatMap((f) => ('link' in f ? [f] : []));
  const text: string[] = [t.intro(mail.reportName, period), ''];
  const html: string[] = [
    ...(mail.logo ? [`<p><img src="cid:${LOGO_CID}" alt="" height="48" style="display:block;height:48px;width:auto;border:0"></p>`] : []),
    `<p>${escapeHtml(t.intro(mail.reportName, period))}</p>`,
  ];
  if (attachments.length) {
    text.push(t.attached(attachments.length));
    html.push(`<p>${escapeHtml(t.attached(attachments.length))}</p>`);
  }
  if (links.length) {
    text.push(t.links(links.length));
    html.push(`<p>${escapeHtml(t.links(links.length))}</p><ul>`);
    for (const f of links) {
      const until = t.validUntil(day(f.validUntil, mail.language));
      text.push(`${f.name}: ${f.link} ${until}`);
      html.push(`<li><a href="${escapeHtml(f.link)}">${escapeHtml(f.name)}</a> ${escapeHtml(until)}</li>`);
    }
    html.push('</ul>');
  }
  text.push('', '--', t.why);
  html.push(`<hr><p style="color:#6b7280;font-size:13px">${escapeHtml(t.why)}`);
  if (mail.unsubscribe) {
    text.push(`${t.unsubscribe} ${mail.unsubscribe.pageUrl}`);
    // A phone's width takes no long URL: the HTML names the link, the text part carries it whole.
    html.push(`<br><a href="${escapeHtml(mail.unsubscribe.pageUrl)}">${escapeHtml(t.unsubscribeLink)}</a>`);
  }
  html.push('</p>');
  return { subject: t.subject(mail.reportName, period), text: text.join('\n'), html: html.join('\n') };
}

/** The whole message as SES SendRawEmail takes it. */
export async function buildReportMail(mail: ReportMail): Promise<Buffer> {
  const { subject, text, html } = reportMailContent(mail);
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
