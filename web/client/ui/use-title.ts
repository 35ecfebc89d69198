import { useEffect } from 'react';

/** Names the browser tab after the page, so history, tabs and screen readers can tell pages apart. */
export function useTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Ensemble` : 'Ensemble';
  }, [title]);
}
