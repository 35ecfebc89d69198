import { html } from 'hono/html';
import type { OutgoingEmail } from '../mailbox/mailbox.js';

/**
 * GoTrue's default magic-link template shows only the link; the stand-in puts the six-digit code
 * in the same message so both sign-in methods of the app can be tried from one e-mail.
 */
export async function composeSignInEmail(input: { to: string; link: string; code: string }): Promise<OutgoingEmail> {
  const text = [
    'Your sign-in link and code',
    '',
    `Follow this link to sign in: ${input.link}`,
    '',
    `Or enter this code: ${input.code}`,
    '',
    'Sent by the local Supabase stand-in.',
  ].join('\n');
  const body = await html`<h2>Your sign-in link and code</h2>
<p><a href="${input.link}">Sign in</a></p>
<p>Or enter this code: <strong>${input.code}</strong></p>
<p style="color:#59636e">Sent by the local Supabase stand-in.</p>`;
  return {
    to: input.to,
    subject: 'Your Magic Link',
    text,
    html: body.toString(),
    kind: 'magiclink',
    magicLink: input.link,
    code: input.code,
  };
}
