import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverBySmtp } from '@ensemble/supabase-stand-in';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { browserLikeClient, latestMailTo, startTestSupabase } from '../../support/local-supabase.js';
import { decodedParts, startSmtpReceiver } from '../../support/smtp-receiver.js';
import { uniqueEmail } from '../../support/unique-email.js';

let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
let supabase: LocalSupabase;
const from = 'Ensemble (local) <no-reply@localhost>';

beforeAll(async () => {
  receiver = await startSmtpReceiver({ refuseRecipient: 'refused@example.com' });
  supabase = await startTestSupabase({ smtp: { url: receiver.url.replace('smtp://', 'smtp://dev:p%40ss@'), from } });
});
afterAll(async () => {
  await supabase?.stop();
  await receiver?.close();
});

const message = (to: string, text: string) => ({
  to, subject: 'Grüße', text, html: `<p>${text}</p>`, kind: 'magiclink' as const, magicLink: 'http://x/verify', code: '123456',
});

describe('local mailbox: optional SMTP delivery when configured', () => {
  it('with SMTP configured, the sign-in e-mail also reaches the SMTP server, and the mailbox keeps its copy', async () => {
    const email = uniqueEmail('smtp');
    const seen = receiver.received.length;
    await browserLikeClient(supabase).auth.signInWithOtp({ email });
    const delivered = await receiver.nextMail(seen);
    const { code } = await latestMailTo(supabase, email);
    expect(delivered.from).toBe('no-reply@localhost');
    expect(delivered.to).toEqual([email]);
    expect(delivered.auth).toBe('\0dev\0p@ss');
    expect(delivered.data).toContain('Subject: Your Magic Link');
    const [text, html] = decodedParts(delivered.data);
    expect(text).toContain(code);
    expect(html).toContain(code);
  });

  it('a non-ASCII subject is sent as an RFC 2047 encoded word', async () => {
    const seen = receiver.received.length;
    await deliverBySmtp({ url: receiver.url, from }, message('dots@example.com', 'x'));
    const delivered = await receiver.nextMail(seen);
    expect(delivered.data).toContain(`Subject: =?UTF-8?B?${Buffer.from('Grüße').toString('base64')}?=`);
  });

  it('a refused recipient rejects with the server’s answer', async () => {
    await expect(deliverBySmtp({ url: receiver.url, from }, message('refused@example.com', 'x'))).rejects.toThrow(
      '550 no such mailbox',
    );
  });

  it('an SMTP URL of another scheme is refused at start with the expected form', async () => {
    await expect(startTestSupabase({ smtp: { url: 'http://localhost:1025', from } })).rejects.toThrow(
      'SMTP_URL must look like smtp://host:1025',
    );
  });
});
