import { html } from 'hono/html';
import { STAND_IN_ICON } from '../page-icon.js';

export interface GoogleStandInPageInput {
  readonly state: string;
  readonly knownEmails: readonly string[];
  /** Parameters the app sent for Google (access_type, prompt, scopes...), shown for inspection. */
  readonly providerParams: Readonly<Record<string, string>>;
  readonly email?: string;
  readonly name?: string;
  readonly error?: string;
}

/**
 * Stands in for Google's account chooser. It must never be mistaken for the real thing, so the
 * page says what it is in its title, heading and banner.
 */
export function renderGoogleStandInPage(input: GoogleStandInPageInput) {
  const params = Object.entries(input.providerParams);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${STAND_IN_ICON}">
<title>Local stand-in for Google sign-in (not Google)</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1f2328; }
  .banner { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 8px; padding: .75rem 1rem; }
  .error { color: #cf222e; }
  label { display: block; margin: .75rem 0 .25rem; }
  input[type=email], input[type=text] { width: 100%; padding: .5rem; box-sizing: border-box; }
  button { margin-top: 1rem; padding: .5rem 1rem; }
  ul.known { padding: 0; list-style: none; }
  ul.known button { width: 100%; text-align: left; margin-top: .25rem; }
  code { background: #f6f8fa; padding: 0 .25rem; }
</style>
</head>
<body>
<h1>Local stand-in for Google sign-in</h1>
<p class="banner" role="note"><strong>This is not Google.</strong> It is the local Supabase stand-in
playing the part of Google so that "Continue with Google" works offline. No password is asked and
nothing leaves this machine. Choose the e-mail address to sign in with.</p>
${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
${input.knownEmails.length > 0
  ? html`<form method="post" action="callback">
  <input type="hidden" name="state" value="${input.state}">
  <p>Accounts already known to the stand-in:</p>
  <ul class="known">${input.knownEmails.map(
    (email) => html`<li><button type="submit" name="email" value="${email}">${email}</button></li>`,
  )}</ul>
</form>`
  : ''}
<form method="post" action="callback">
  <input type="hidden" name="state" value="${input.state}">
  <label for="email">E-mail address</label>
  <input id="email" name="email" type="email" required value="${input.email ?? ''}" placeholder="someone@example.com">
  <label for="name">Name (optional)</label>
  <input id="name" name="name" type="text" value="${input.name ?? ''}">
  <button type="submit">Sign in as this Google user</button>
</form>
<form method="post" action="callback">
  <input type="hidden" name="state" value="${input.state}">
  <button type="submit" name="action" value="cancel">Cancel</button>
</form>
${params.length > 0
  ? html`<p>Google parameters requested by the app: ${params.map(([k, v]) => html`<code>${k}=${v}</code> `)}</p>`
  : ''}
</body>
</html>`;
}
