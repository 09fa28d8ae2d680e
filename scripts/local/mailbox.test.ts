import { createMailer } from '@portal/backend/platform/mail';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MAIL_CSP, mountMailbox } from './mailbox.ts';

/**
 * The local mailbox (/_local/mailbox) against the real SES stand-in of the test run: a mail's HTML is
 * shown in a sandboxed frame under a CSP that forbids scripts, and its attachments can be downloaded.
 */
const endpoint = process.env.SES_ENDPOINT!;
const subject = `Mailbox check ${Date.now()}`;
const csv = 'day;sales\n2026-11-27;12\n';

/** A multipart MIME message as the report mails are (ADR 042): text, HTML with a script, a CSV file. */
function rawMail(): string {
  const boundary = 'mixed-boundary';
  const alt = 'alt-boundary';
  return [
    'From: reports@portal.example',
    'To: mailbox.reader@example.com',
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    '',
    `--${alt}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Your report "Sales by day" is attached.',
    `--${alt}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p style="color:#123456">Your report <b>"Sales by day"</b> is attached.</p><script>parent.document.title="owned"</script>',
    `--${alt}--`,
    `--${boundary}`,
    'Content-Type: text/csv; name="sales-by-day.csv"',
    'Content-Disposition: attachment; filename="sales-by-day.csv"',
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(csv).toString('base64'),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

describe('local mailbox', () => {
  it('shows the HTML in a sandboxed frame without scripts, the text, and the attachments to download', async () => {
    const mailer = createMailer({ AWS_REGION: 'eu-central-1', SES_ENDPOINT: endpoint, MAIL_FROM: 'reports@portal.example' });
    const sent = await mailer.sendRaw('mailbox.reader@example.com', Buffer.from(rawMail()));
    const root = new Hono();
    mountMailbox(root, endpoint);

    const page = await root.request('/_local/mailbox');
    expect(page.headers.get('content-security-policy')).toBe(MAIL_CSP);
    const body = await page.text();
    const article = body.slice(body.indexOf(subject) - 400, body.indexOf('</article>', body.indexOf(subject)));
    const frame = /<iframe sandbox="" [^>]*srcdoc="([^"]*)"/.exec(article);
    expect(frame, 'the HTML is in a frame with an empty sandbox').not.toBeNull();
    // The mail's markup sits escaped inside the attribute: nothing of it is markup of the mailbox page.
    expect(article).not.toContain('<script>');
    const doc = frame![1]!
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&');
    expect(doc.indexOf(`content="${MAIL_CSP}"`)).toBeGreaterThan(0);
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<p style'));
    expect(doc).toContain('<b>"Sales by day"</b>');
    expect(MAIL_CSP).toContain("default-src 'none'");
    expect(MAIL_CSP).not.toMatch(/script-src/);
    expect(article).toContain('Your report &quot;Sales by day&quot; is attached.');

    const link = /<a href="([^"]+)" download="sales-by-day.csv">sales-by-day.csv<\/a>/.exec(article);
    expect(link, 'the attachment is listed with a download link').not.toBeNull();
    expect(link![1]).toContain(encodeURIComponent(sent.messageId));
    const file = await root.request(link![1]!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="sales-by-day.csv"/);
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(await file.text()).toBe(csv);

    expect((await root.request(`/_local/mailbox/${encodeURIComponent(sent.messageId)}/attachments/7`)).status).toBe(404);
    expect((await root.request('/_local/mailbox/unknown/attachments/0')).status).toBe(404);
  });
});
