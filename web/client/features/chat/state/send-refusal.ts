/**
 * Why the server refused a send, where its details say more than its code, so the screen can say it
 * in the reader's language: images a model cannot read, images over what one request carries, models
 * that need a subscription. The server's own sentence (English) is never shown.
 */
export type SendRefusal =
  | { readonly reason: 'images_not_supported' | 'needs_plan'; readonly modelIds: readonly string[] }
  | { readonly reason: 'images_too_large'; readonly limit: number };

/** The refusal a send's error code and details tell, if any. */
export function sendRefusalOf(code: string, details: Readonly<Record<string, unknown>> | undefined): SendRefusal | null {
  const listed = details?.['modelIds'];
  const modelIds = Array.isArray(listed) ? listed.filter((id): id is string => typeof id === 'string') : [];
  if (code === 'forbidden' && modelIds.length > 0) return { reason: 'needs_plan', modelIds };
  if (code !== 'validation') return null;
  if (details?.['reason'] === 'images_not_supported' && modelIds.length > 0) return { reason: 'images_not_supported', modelIds };
  const limit = details?.['maxBytes'];
  if (details?.['reason'] === 'too_large' && typeof limit === 'number') return { reason: 'images_too_large', limit };
  return null;
}
