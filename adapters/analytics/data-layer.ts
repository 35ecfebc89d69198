type DataLayerHost = { dataLayer?: unknown };

/**
 * The page's `window.dataLayer`, created as an empty array when the page has none. Tag managers
 * expect it to exist before they load and read what was pushed before them, so the app creates it
 * first thing, whether or not a tag manager is configured. An existing data layer is kept as it is;
 * something that is not an array answers null (a script of the page took the name).
 */
export function ensureDataLayer(host: DataLayerHost = globalThis as DataLayerHost): unknown[] | null {
  if (host.dataLayer === undefined || host.dataLayer === null) host.dataLayer = [];
  return Array.isArray(host.dataLayer) ? (host.dataLayer as unknown[]) : null;
}
