import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { createMailTokens } from './mail-tokens.ts';
import { buildReportMail, mailSafeName, reportMailContent, type ReportMail } from './report-mail.ts';

/** The report mail's MIME (ADR 042) read back by a real parser, and the signed tokens its links carry. */
const base: ReportMail = {
  from: 'no-reply@portal.example',
  to: 'ext@example.org',
  locale: 'en-US',
  reportName: 'Declined <T-1>',
  dateFrom: '2026-11-01',
  dateUntil: '2026-11-20',
  files: [{ name: 'Declined ü.csv', contentType: 'text/csv; charset=utf-8', content: Buffer.from('at,amount\n2026-11-02,12.50\n') }],
};

describe('buildReportMail', () => {
  it('attaches the files and names the period; no list headers for a portal user', async () => {
    const mail = await simpleParser(await buildReportMail(base));
    expect(mail.subject).toBe('Report "Declined <T-1>": Nov 1, 2026 – Nov 20, 2026');
    expect(mail.text).toContain('The file is attached.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe('Declined ü.csv');
    expect(mail.attachments[0]!.content.toString()).toBe('at,amount\n2026-11-02,12.50\n');
    expect(mail.headerLines.filter((h) => h.key.startsWith('list-'))).toEqual([]);
    // The report's name is text in the HTML part, never markup.
    expect(mail.html).toContain('Declined &#60;T-1&#62;');
  });

  it('carries the customer’s logo inline (cid) in the HTML part, never as a remote image (ADR 084)', async () => {
    const logo = Buffer.from('\x89PNG\r\n\x1a\nlogo-bytes', 'latin1');
    const raw = await buildReportMail({ ...base, logo });
    const mail = await simpleParser(raw);
    const inline = mail.attachments.find((a) => a.contentType === 'image/png')!;
    expect([inline.cid, inline.contentDisposition, inline.content.equals(logo)]).toEqual(['company-logo@portal', 'inline', true]);
    expect(raw.toString()).toMatch(/<img src=3D"cid:company-logo@portal"|<img src="cid:company-logo@portal"/);
    expect(mail.html).not.toMatch(/src="https?:/);
    expect(mail.attachments.filter((a) => a.contentDisposition === 'attachment').map((a) => a.filename)).toEqual(['Declined ü.csv']);
  });

  it('gives an external recipient the RFC 8058 one-click headers and the page link in the body', async () => {
    const unsubscribe = {
      pageUrl: 'https://portal.example/unsubscribe?token=abc.def',
      oneClickUrl: 'https://portal.example/api/report-unsubscribe?token=abc.def',
    };
    const mail = await simpleParser(await buildReportMail({ ...base, unsubscribe }));
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe('List-Unsubscribe: <https://portal.example/api/report-unsubscribe?token=abc.def>');
    expect(mail.text).toContain(`To stop receiving this report, open: ${unsubscribe.pageUrl}`);
  });

  it('links files too large to attach, with the day the link ends, in German for a de locale', async () => {
    const files = [
      {
        name: 'big.csv',
        contentType: 'text/csv',
        link: 'https://portal.example/api/report-links/x.y',
        validUntil: '2027-02-19T10:00:00.000Z',
      },
    ];
    const mail = await simpleParser(await buildReportMail({ ...base, locale: 'de-de', files }));
    expect(mail.subject).toBe('Bericht „Declined <T-1>“: 01.11.2026 – 20.11.2026');
    expect(mail.attachments).toHaveLength(0);
    expect(mail.text).toContain('big.csv: https://portal.example/api/report-links/x.y (der Link gilt bis 19.02.2027)');
  });

  it("is written in the recipient's language: the four portal languages, English for any other locale (ADR 090)", async () => {
    const day = { ...base, dateUntil: '2026-11-01', dateFrom: '2026-11-01' };
    const subjects = await Promise.all(
      ['en-en', 'de-DE', 'fr-FR', 'pl-pl', 'it-IT', null].map(async (locale) => (await reportMailContent({ ...day, locale })).subject),
    );
    expect(subjects).toEqual([
      'Report "Declined <T-1>": Nov 1, 2026',
      'Bericht „Declined <T-1>“: 01.11.2026',
      'Rapport «\u00a0Declined <T-1>\u00a0»\u00a0: 1 nov. 2026',
      'Raport „Declined <T-1>”: 1 lis 2026',
      'Report "Declined <T-1>": Nov 1, 2026',
      'Report "Declined <T-1>": Nov 1, 2026',
    ]);
  });

  it('renders a pl-PL mail with Polish diacritics and plural forms, through MIME and back', async () => {
    const links = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: `plik-${i}.csv`,
        contentType: 'text/csv',
        link: `https://portal.example/l/${i}`,
        validUntil: '2027-02-19T10:00:00.000Z',
      }));
    const unsubscribe = {
      pageUrl: 'https://portal.example/unsubscribe?token=t',
      oneClickUrl: 'https://portal.example/api/report-unsubscribe?token=t',
    };
    const mail = await simpleParser(
      await buildReportMail({ ...base, locale: 'pl-pl', reportName: 'Sprzedaż według sklepów', files: links(2), unsubscribe }),
    );
    expect(mail.subject).toBe('Raport „Sprzedaż według sklepów”: 1 lis 2026 – 20 lis 2026');
    expect(mail.text).toContain('W załączeniu raport „Sprzedaż według sklepów” za okres 1 lis 2026 – 20 lis 2026.');
    expect(mail.text).toContain('2 pliki są za duże na załączniki; można je pobrać tutaj:');
    expect(mail.text).toContain('plik-0.csv: https://portal.example/l/0 (link jest ważny do 19 lut 2027)');
    expect(mail.text).toContain('Aby nie otrzymywać więcej tego raportu, otwórz: https://portal.example/unsubscribe?token=t');
    expect(mail.html).toContain('Zrezygnuj z tego raportu');
    const five = await reportMailContent({ ...base, locale: 'pl-PL', files: links(5) });
    expect(five.text).toContain('5 plików jest za dużych na załączniki');
    const one = await reportMailContent({ ...base, locale: 'pl-PL' });
    expect(one.text).toContain('Plik jest w załączniku.');
  });
});

describe('mail tokens', () => {
  const tokens = createMailTokens(() => Buffer.alloc(32, 7));
  const other = createMailTokens(() => Buffer.alloc(32, 8));

  it('reads back what it signed, for each kind', () => {
    const u = tokens.unsubscribe({ processId: 'gen.transactions.R-1', referenceId: 'c.abc' });
    expect(tokens.readUnsubscribe(u)).toEqual({ processId: 'gen.transactions.R-1', referenceId: 'c.abc' });
    const l = tokens.link({ jobId: 'job-1', fileId: 'job-1.0', until: 1_800_000_000 });
    expect(tokens.readLink(l)).toEqual({ jobId: 'job-1', fileId: 'job-1.0', until: 1_800_000_000 });
    expect(u).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
  });

  it('refuses a token of the other kind, another key, a changed payload or garbage', () => {
    const u = tokens.unsubscribe({ processId: 'p-1', referenceId: 'c.abc' });
    const l = tokens.link({ jobId: 'job-1', fileId: 'job-1.0', until: 1 });
    expect(tokens.readLink(u)).toBeNull();
    expect(tokens.readUnsubscribe(l)).toBeNull();
    expect(other.readUnsubscribe(u)).toBeNull();
    const [, mac] = u.split('.');
    const forged = `${Buffer.from(JSON.stringify({ p: 'p-2', r: 'c.abc' })).toString('base64url')}.${mac}`;
    expect(tokens.readUnsubscribe(forged)).toBeNull();
    for (const bad of ['', 'x', 'a.b', `${u}.x`, `${u.slice(0, -2)}AA`]) expect(tokens.readUnsubscribe(bad)).toBeNull();
  });
});

describe('the report name in a mail (ADR 051)', () => {
  it('cannot add a header: CR/LF and other control characters become spaces, and the name is length-capped', async () => {
    const mail = await simpleParser(await buildReportMail({ ...base, reportName: 'Sales\r\nBcc: victim@example.org\u2028X\u0000' }));
    expect(mail.subject).toBe('Report "Sales Bcc: victim@example.org X": Nov 1, 2026 – Nov 20, 2026');
    expect(mail.bcc).toBeUndefined();
    expect(mail.headerLines.filter((h) => h.key === 'bcc')).toEqual([]);
    const long = mailSafeName('x'.repeat(500));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
    expect(mailSafeName('  Umsätze   nach\tTag ')).toBe('Umsätze nach Tag');
  });
});
