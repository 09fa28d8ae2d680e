import type { Hono } from 'hono';
import { html, raw } from 'hono/html';

type StoredMail = {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
};

/**
 * Local mode only: a page listing what the SES stand-in received (OTP codes, reset links, reports),
 * so a developer can complete e-mail flows without a real mailbox. Never mounted in AWS.
 */
export function mountMailbox(root: Hono, sesEndpoint: string) {
  root.get('/_local/mailbox', async (c) => {
    const store = (await (await fetch(`${sesEndpoint}/store`)).json()) as { emails: StoredMail[] };
    const mails = [...store.emails].sort((a, b) => b.at - a.at);
    return c.html(html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <title>Local mailbox</title>
          <style>
            body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 860px; padding: 24px; color: #1f2937; }
            h1 { font-size: 22px; } .mail { border: 1px solid #e5e7eb; border-radius: 8px; padding: 16px; margin: 12px 0; }
            .meta { color: #6b7280; font-size: 13px; } pre { white-space: pre-wrap; background: #f9fafb; padding: 12px; border-radius: 6px; }
          </style>
        </head>
        <body>
          <h1>Local mailbox</h1>
          <p class="meta">What the SES stand-in received since this <code>npm start</code> (newest first). Local mode only.</p>
          ${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
          ${mails.map(
            (m) => html`<article class="mail">
              <div class="meta">${new Date(m.at * 1000).toISOString()} · from ${m.from} · to ${m.destination.to.join(', ')}</div>
              <h2>${m.subject}</h2>
              ${m.body.text ? html`<pre>${m.body.text}</pre>` : raw('')}
            </article>`,
          )}
        </body>
      </html>`);
  });
}
