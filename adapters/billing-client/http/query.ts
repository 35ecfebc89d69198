/**
 * Query encoding of the SDK (reference §1 "Query encoding"): form/explode, so arrays repeat the key
 * (`id=a&id=b`); objects such as `metadata` are deepObject (`metadata[k]=v`, brackets percent-encoded);
 * `null` and `undefined` are left out. Keys are the wire (snake_case) names.
 */
export function encodeQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  if (query === undefined) return '';
  const parts: string[] = [];
  const push = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(scalar(value))}`);
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const v of value) push(key, v);
    } else if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      for (const [sub, inner] of Object.entries(value)) {
        if (Array.isArray(inner)) for (const v of inner) push(`${key}[${sub}]`, v);
        else push(`${key}[${sub}]`, inner);
      }
    } else {
      push(key, value);
    }
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** `application/x-www-form-urlencoded` body (OAuth2 endpoints); arrays repeat the key. */
export function encodeForm(body: Readonly<Record<string, unknown>>): string {
  return encodeQuery(body).slice(1);
}
