import type { Result } from '../../shared/index.js';

/** Loads a third-party script (tag manager, support widget) into the page. */
export interface ScriptLoader {
  load(src: string, attributes?: Readonly<Record<string, string>>): Promise<Result<void>>;
}
