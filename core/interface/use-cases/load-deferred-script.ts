import { type Logger, type Cancel, type Scheduler, domainError, fail, type Result } from '../../shared/index.js';
import type { ScriptLoader } from '../ports/script-loader.js';

/** app spec §9: the support widget waits at most this long when nobody interacts and the page is never idle. */
export const DEFERRED_SCRIPT_DELAY_MS = 3000;

export interface DeferredScript {
  readonly src: string;
  readonly attributes?: Readonly<Record<string, string>>;
}

/**
 * app spec §4: the chat (support) widget loads after the first pointer or key event, an idle
 * callback or 3000 ms, whichever comes first; the other two triggers are cancelled. Each source
 * loads once however often it is asked for: later calls share the first call's answer.
 */
export const makeLoadDeferredScript = (deps: { scheduler: Scheduler; scriptLoader: ScriptLoader; logger: Logger }) => {
  const loads = new Map<string, Promise<Result<void>>>();
  return (input: DeferredScript): Promise<Result<void>> => {
    if (typeof input.src !== 'string' || input.src.trim() === '') {
      return Promise.resolve(fail(domainError('validation', 'Script source is required')));
    }
    const existing = loads.get(input.src);
    if (existing) return existing;
    const loading = new Promise<void>((resolve) => {
      const cancels: Cancel[] = [];
      let fired = false;
      const fire = (): void => {
        if (fired) return;
        fired = true;
        for (const cancel of cancels) cancel();
        resolve();
      };
      cancels.push(deps.scheduler.onFirstInteraction(fire));
      cancels.push(deps.scheduler.whenIdle(fire));
      cancels.push(deps.scheduler.after(DEFERRED_SCRIPT_DELAY_MS, fire));
      // A trigger that fired while being registered could not cancel the ones registered after it.
      if (fired) for (const cancel of cancels) cancel();
    }).then(async () => {
      const loaded = await deps.scriptLoader.load(input.src, input.attributes);
      if (!loaded.success) deps.logger.warn('A deferred script failed to load', { src: input.src, error: loaded.error });
      return loaded;
    });
    loads.set(input.src, loading);
    return loading;
  };
};
