import type { AuthSettings } from './auth-context.js';
import type { SessionJson } from './sessions.js';

const originOf = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/**
 * GoTrue only redirects to the site URL or an allowed address and otherwise falls back to the
 * site URL. Here "allowed" means sharing the origin of the site URL or of an additional URL.
 */
export function resolveRedirect(settings: AuthSettings, requested: string | null | undefined): string {
  if (requested === null || requested === undefined || requested === '') return settings.siteUrl;
  const origin = originOf(requested);
  const allowed = [settings.siteUrl, ...settings.additionalRedirectUrls].map(originOf);
  return origin !== null && allowed.includes(origin) ? requested : settings.siteUrl;
}

/** Keys sorted like Go's url.Values.Encode, which is what GoTrue's redirects carry. */
function encodeSorted(params: Record<string, string>): string {
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) search.append(key, params[key] ?? '');
  return search.toString();
}

export function withFragment(url: string, params: Record<string, string>): string {
  const base = url.split('#')[0] ?? url;
  return `${base}#${encodeSorted(params)}`;
}

export function withQuery(url: string, params: Record<string, string>): string {
  const parsed = new URL(url);
  for (const [key, value] of Object.entries(params)) parsed.searchParams.set(key, value);
  return parsed.toString();
}

/** Implicit flow: the session travels in the fragment, which never reaches a server. */
export function implicitRedirect(url: string, session: SessionJson, type?: string): string {
  const params: Record<string, string> = {
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    sb: '',
    token_type: 'bearer',
  };
  if (type !== undefined) params.type = type;
  return withFragment(url, params);
}

export function errorRedirect(
  url: string,
  error: { error: string; code: string; description: string },
  alsoInQuery: boolean,
): string {
  const params = { error: error.error, error_code: error.code, error_description: error.description, sb: '' };
  return withFragment(alsoInQuery ? withQuery(url, params) : url, params);
}
