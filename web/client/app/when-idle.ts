/** Runs `task` when the browser is idle, or after `fallbackMs` where idle callbacks do not exist. */
export function whenIdle(task: () => void, fallbackMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: fallbackMs * 2 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(timer);
}

