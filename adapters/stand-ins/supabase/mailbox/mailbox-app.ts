import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Mailbox, StoredEmail } from './mailbox.js';
import { STAND_IN_ICON } from '../page-icon.js';

/**
 * The mailbox UI on its own port (54324 like the CLI's Mailpit): a page for people, and
 * `/api/messages` for tests and scripts. Both list newest first and filter with `?to=`.
 */
export function makeMailboxApp(mailbox: Mailbox): Hono {
  const app = new Hono();
  app.get('/api/messages', (c) => {
    const messages = mailbox.list({ to: c.req.query('to') });
    return c.json({ total: messages.length, messages });
  });
  app.delete('/api/messages', async (c) => {
    await mailbox.clear();
    return c.body(null, 204);
  });
  app.post('/clear', async (c) => {
    await mailbox.clear();
    return c.redirect('/', 303);
  });
  app.get('/', (c) => {
    const to = c.req.query('to') ?? '';
    return c.html(renderPage(mailbox.list({ to }), to));
  });
  return app;
}

function renderPage(messages: readonly StoredEmail[], to: string) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${STAND_IN_ICON}">
<title>Local mailbox · Supabase stand-in</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1.5rem; color: #1f2328; }
  header { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
  .note { color: #59636e; }
  article { border: 1px solid #d1d9e0; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
  .meta { color: #59636e; font-size: .9rem; }
  .code { font: 600 1.8rem ui-monospace, monospace; letter-spacing: .3rem; }
  a.link { word-break: break-all; }
  pre { white-space: pre-wrap; background: #f6f8fa; padding: .75rem; border-radius: 6px; }
</style>
</head>
<body>
<header>
  <h1>Local mailbox</h1>
  <span class="note">Every e-mail the local Supabase stand-in sent. Nothing here left this machine.</span>
</header>
<form method="get" action="/">
  <label>Recipient <input name="to" type="email" value="${to}" placeholder="all"></label>
  <button type="submit">Filter</button>
  <a href="/">Refresh</a>
</form>
<form method="post" action="/clear"><button type="submit">Delete all messages</button></form>
<p class="note">${messages.length} message(s), newest first. JSON: <a href="/api/messages">/api/messages</a></p>
${messages.map(
  (m) => html`<article>
  <h2>${m.subject}</h2>
  <p class="meta">To <strong>${m.to}</strong> · sent ${m.sentAt}</p>
  <p>Code: <span class="code">${m.code}</span></p>
  <p>Magic link: <a class="link" href="${m.magicLink}">${m.magicLink}</a></p>
  <details><summary>Plain text</summary><pre>${m.text}</pre></details>
</article>`,
)}
</body>
</html>`;
}
