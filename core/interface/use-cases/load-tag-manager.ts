import { type Logger, ok, type Result } from '../../shared/index.js';
import type { ScriptLoader } from '../ports/script-loader.js';

/**
 * app spec §7: the tag-manager script loads at start, once. Without a container id there is nothing
 * to load (local runs); a script that fails to load is a warning, never a broken page (app spec §8).
 */
export const makeLoadTagManager = (deps: { scriptLoader: ScriptLoader; logger: Logger }) => {
  let loading: Promise<Result<{ loaded: boolean }>> | null = null;
  return (input: { src: string | null }): Promise<Result<{ loaded: boolean }>> => {
    if (input.src === null || input.src.trim() === '') {
      deps.logger.info('No tag manager configured; analytics events stay local');
      return Promise.resolve(ok({ loaded: false }));
    }
    const src = input.src;
    loading ??= deps.scriptLoader.load(src, { async: 'true' }).then((loaded) => {
      if (loaded.success) return ok({ loaded: true });
      deps.logger.warn('The tag manager failed to load', { src, error: loaded.error });
      return loaded;
    });
    return loading;
  };
};
