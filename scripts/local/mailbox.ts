import type { Hono } from 'hono';
import { html, raw } from 'hono/html';

/** An attachment as the SES stand-in keeps it (mailparser's fields, the content in base64). */
type StoredAttachment = { filename?: string; contentType?: string; size?: number; content: string };

type StoredMail = {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  attachments?: StoredAttachment[];
  at: number;
};

/**
 * What a mail's HTML may do inside the mailbox: nothing but show itself. No script, no form, no fetch,
 * no remote image (the portal runs offline), inline styles and data: images only. The frame's
 * sandbox="" already stops scripts, forms, popups and top navigation; the CSP says it again inside
 * the document and is also the page's own policy, which a srcdoc frame inherits.
 */
export const MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/** The mail's HTML as a whole document with the CSP first, so it applies before any of the mail's markup. */
export function mailDocument(mailHtml: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${MAIL_CSP}"></head><body>${mailHtml}</body></html>`;
}

const attachmentPath = (messageId: string, index: number) => `/_local/mailbox/${encodeURIComponent(messageId)}/attachments/${index}`;

const sizeText = (bytes: number | undefined) =>
  bytes === undefined ? '' : bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;

/** A file name for Content-Disposition: ASCII fallback plus the exact name in RFC 5987 form. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Local mode only: a page listing what the SES stand-in received (OTP codes, reset links, reports),
 * so a developer can complete e-mail flows without a real mailbox. Each mail shows its HTML as the
 * recipient would see it (in a sandboxed frame, MAIL_CSP), its text, and its attachments to download.
 * Never mounted in AWS.
 */
export function mountMailbox(root: Hono, sesEndpoint: string) {
  const readMails = async () => {
    const store = (await (await fetch(`${sesEndpoint}/store`)).json()) as { emails: StoredMail[] };
    return store.emails;
  };

  root.get('/_local/mailbox', async (c) => {
    const mails = [...(await readMails())].sort((a, b) => b.at - a.at);
    c.header('Content-Security-Policy', MAIL_CSP);
    c.header('X-Content-Type-Options', 'nosniff');
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Local mailbox</title>
          <style>
            body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 860px; padding: 16px; color: #1f2937; }
            h1 { font-size: 22px; } h2 { font-size: 18px; margin: 4px 0 12px; overflow-wrap: anywhere; }
            h3 { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #6b7280; margin: 16px 0 6px; }
            .mail { border: 1px solid #e5e7eb; border-radius: 8px; padding: 16px; margin: 12px 0; }
            .meta { color: #6b7280; font-size: 13px; overflow-wrap: anywhere; }
            pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f9fafb; padding: 12px; border-radius: 6px; margin: 0; }
            iframe { display: block; width: 100%; height: 240px; border: 1px solid #e5e7eb; border-radius: 6px; resize: vertical; background: #fff; }
            ul.files { list-style: none; padding: 0; margin: 0; } ul.files li { padding: 4px 0; overflow-wrap: anywhere; }
            a { color: #1d4ed8; }
          </style>
        </head>
        <body>
          <h1>Local mailbox</h1>
          <p class="meta">What the SES stand-in received since this <code>npm start</code> (newest first). Local mode only.</p>
          ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
          ${mails.map((m) => {
            const files = m.attachments ?? [];
            return html`<article class="mail">
              <div class="meta">${new Date(m.at * 1000).toISOString()} · from ${m.from} · to ${m.destination.to.join(', ')}</div>
              <h2>${m.subject}</h2>
              ${
                m.body.html
                  ? html`<h3>HTML</h3>
                    <iframe sandbox="" referrerpolicy="no-referrer" title="${`HTML of: ${m.subject}`}" srcdoc="${mailDocument(m.body.html)}"></iframe>`
                  : raw('')
              }
              ${m.body.text ? html`<h3>Text</h3><pre>${m.body.text}</pre>` : raw('')}
              ${
                files.length
                  ? html`<h3>Attachments (${files.length})</h3>
                    <ul class="files">
                      ${files.map(
                        (f, i) => html`<li>
                          <a href="${attachmentPath(m.messageId, i)}" download="${f.filename ?? `attachment-${i + 1}`}">${f.filename ?? `attachment-${i + 1}`}</a>
                          <span class="meta">${f.contentType ?? ''} ${sizeText(f.size)}</span>
                        </li>`,
                      )}
                    </ul>`
                  : raw('')
              }
            </article>`;
          })}
        </body>
      </html>`);
  });

  /** One attachment, always as a download (never rendered on the portal's origin). */
  root.get('/_local/mailbox/:messageId/attachments/:index', async (c) => {
    const index = Number(c.req.param('index'));
    const mail = (await readMails()).find((m) => m.messageId === c.req.param('messageId'));
    const file = Number.isInteger(index) && index >= 0 ? mail?.attachments?.[index] : undefined;
    if (!file) return c.text('No such attachment', 404);
    const bytes = Buffer.from(file.content, 'base64');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': contentDisposition(file.filename ?? `attachment-${index + 1}`),
      'Content-Length': String(bytes.length),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
  });
}
