import type { ModelInfo } from '../domain/chat.js';
import type { ModelDirectory } from '../ports/model-gateway.js';
import type { Result } from '../../shared/index.js';

/** The model catalogue with prices and plans; not user-bound (the home page shows it too). */
export const makeListModels =
  (deps: { modelDirectory: ModelDirectory }) =>
  async (): Promise<Result<readonly ModelInfo[]>> =>
    deps.modelDirectory.listModels();
