import { Spinner } from './spinner.js';

/**
 * Suspense fallback for pages. It renders before translations exist, so its label is fixed English;
 * the delayed fade-in (components.css) keeps fast page changes free of flashes.
 */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite" aria-busy="true">
      <Spinner size="lg" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
