import type { AbortSignalLike } from './abort.js';

/** An abort signal the core can fire itself (core has no AbortController: no platform typings). */
export interface AbortSource {
  readonly signal: AbortSignalLike;
  abort(): void;
  /** Stops following the parent signal once the work is over. */
  dispose(): void;
}

/** A signal that aborts when `abort()` is called or when `parent` aborts, whichever comes first. */
export const createAbortSource = (parent?: AbortSignalLike): AbortSource => {
  let aborted = false;
  const listeners = new Set<() => void>();
  const abort = (): void => {
    if (aborted) return;
    aborted = true;
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  const signal: AbortSignalLike = {
    get aborted() {
      return aborted;
    },
    addEventListener(_type, listener) {
      if (aborted) return;
      listeners.add(listener);
    },
    removeEventListener(_type, listener) {
      listeners.delete(listener);
    },
  };
  if (parent?.aborted) abort();
  else parent?.addEventListener('abort', abort, { once: true });
  return { signal, abort, dispose: () => parent?.removeEventListener('abort', abort) };
};
