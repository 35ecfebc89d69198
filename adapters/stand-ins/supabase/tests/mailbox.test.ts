import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingEmail } from '../mailbox/mailbox.js';
import { openMailbox } from '../mailbox/mailbox.js';
import { makeMailboxApp } from '../mailbox/mailbox-app.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mailbox-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const email = (to: string, code: string): OutgoingEmail => ({
  to,
  subject: 'Your Magic Link',
  text: `code ${code}`,
  html: `<p>code ${code}</p>`,
  kind: 'magiclink',
  magicLink: `http://127.0.0.1:54321/auth/v1/verify?token=${code}`,
  code,
});

describe('local mailbox: every e-mail the stand-in sent, newest first', () => {
  it('GET /api/messages lists newest first and filters by recipient, case-insensitively', async () => {
    let now = 1_000;
    const sender = await openMailbox({ now: () => now });
    const senderApp = makeMailboxApp(sender);
    await sender.send(email('a@example.com', '111111'));
    now += 1000;
    await sender.send(email('b@example.com', '222222'));
    now += 1000;
    await sender.send(email('a@example.com', '333333'));
    const all = await (await senderApp.request('/api/messages')).json();
    expect(all.messages.map((m: { code: string }) => m.code)).toEqual(['333333', '222222', '111111']);
    const onlyA = await (await senderApp.request('/api/messages?to=A@Example.com')).json();
    expect(onlyA).toMatchObject({ total: 2, messages: [{ code: '333333', to: 'a@example.com' }, { code: '111111' }] });
    const nobody = await (await senderApp.request('/api/messages?to=c@example.com')).json();
    expect(nobody).toEqual({ total: 0, messages: [] });
  });

  it('messages survive a restart when kept in the data folder; DELETE empties it for good', async () => {
    const file = join(dataDir, 'mailbox.jsonl');
    const first = await openMailbox({ file });
    await first.send(email('a@example.com', '123456'));
    const reopened = await openMailbox({ file });
    expect(reopened.list().map((m) => m.code)).toEqual(['123456']);
    const response = await makeMailboxApp(reopened).request('/api/messages', { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect((await openMailbox({ file })).list()).toEqual([]);
  });

  it('the page shows code, link and recipient, newest first, with content escaped', async () => {
    const mailbox = await openMailbox();
    await mailbox.send(email('old@example.com', '000001'));
    await mailbox.send({ ...email('new@example.com', '000002'), subject: '<script>alert(1)</script>' });
    const html = await (await makeMailboxApp(mailbox).request('/')).text();
    expect(html.indexOf('new@example.com')).toBeLessThan(html.indexOf('old@example.com'));
    expect(html).toContain('000002');
    expect(html).toContain('http://127.0.0.1:54321/auth/v1/verify?token=000001');
    expect(html).not.toContain('<script>alert(1)</script>');
  });
});
