/** Minimal HTML helpers for the sandbox's hosted pages (no template engine needed). */
export const escapeHtml = (value: unknown): string =>
  String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** JSON for an inline `<script type="application/json">`: `<` escaped so it cannot close the tag. */
export const inlineJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

export const formatMoney = (minor: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

export const SANDBOX_BANNER = 'Local billing sandbox — test cards only';

/**
 * The pages' icon, inline: without one a browser asks for /favicon.ico, which the sandbox does
 * not serve (a 404 in the console of every checkout). Percent-encoded, so it needs no escaping.
 */
export const SANDBOX_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='4' fill='%23e0b400'/%3E%3Cpath d='M4 8h8M8 4v8' stroke='%231b1b1f' stroke-width='2'/%3E%3C/svg%3E";
export const iconLink = `<link rel="icon" href="${SANDBOX_ICON}">`;

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f4f6; color: #1b1b1f; }
  .banner { background: #fff3c4; border-bottom: 2px solid #e0b400; padding: .6rem 1rem; font-weight: 600; text-align: center; }
  main { max-width: 34rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem 2rem; box-shadow: 0 1px 4px #0002; }
  h1 { font-size: 1.4rem; margin-top: 0; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: .3rem 1rem; }
  dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .total { font-weight: 700; border-top: 1px solid #ddd; padding-top: .3rem; }
  label { display: block; margin-top: .8rem; font-weight: 600; }
  input, select { width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; margin-top: .2rem; border: 1px solid #888; border-radius: 6px; }
  .row { display: flex; gap: .5rem; align-items: flex-end; }
  .row > * { flex: 1; }
  button { margin-top: 1rem; padding: .6rem 1rem; font-size: 1rem; border-radius: 6px; border: 0; background: #1c4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: #555; }
  button:disabled { opacity: .6; cursor: wait; }
  [role=alert] { color: #a40000; font-weight: 600; margin-top: .8rem; min-height: 1.2em; }
  .hint { font-size: .85rem; color: #444; }
  fieldset { border: 1px solid #ccc; border-radius: 8px; margin-top: 1rem; }
  .back { margin: 0 0 1rem; }
  .back a { color: #1c4ed8; text-decoration: none; font-weight: 600; }
`;

export function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${iconLink}
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note" id="sandbox-banner">${SANDBOX_BANNER}</div>
<main>
${body}
</main>
${script}
</body>
</html>`;
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p id="page-message">${escapeHtml(message)}</p>`);
}
