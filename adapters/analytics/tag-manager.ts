import { ensureDataLayer } from './data-layer.js';

/** Google Tag Manager container ids look like GTM-XXXXXXX. */
const CONTAINER_ID = /^GTM-[A-Z0-9]{4,12}$/;

/**
 * The tag manager's script address for a container id, or null when none (or a malformed one) is
 * configured. Before the script loads, the data layer gets its start event, as the tag manager expects.
 */
export function prepareTagManager(id: string | null, host: { dataLayer?: unknown } = globalThis as { dataLayer?: unknown }): string | null {
  if (id === null || !CONTAINER_ID.test(id.trim())) return null;
  ensureDataLayer(host)?.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id.trim())}`;
}
