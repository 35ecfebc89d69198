import type { KeyValueStore } from '../../interface/index.js';

/** Local-storage key of the model last chosen for a single-model chat. */
export const MODEL_CHOICE_KEY = 'ensemble.chatModel';

/** A new single-model chat starts with the model the user chose last (in this browser). */
export const makeRememberModelChoice =
  (deps: { keyValueStore: KeyValueStore }) =>
  (modelId: string): void =>
    deps.keyValueStore.set(MODEL_CHOICE_KEY, modelId);

export const makeLastModelChoice =
  (deps: { keyValueStore: KeyValueStore }) =>
  (): string | null =>
    deps.keyValueStore.get(MODEL_CHOICE_KEY);
