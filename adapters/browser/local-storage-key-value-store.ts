import type { KeyValueStore } from '../../core/interface/index.js';

/**
 * KeyValueStore on window.localStorage. Storage can be missing or throw (private mode, quota,
 * blocked cookies); a preference that cannot be kept must never break the page, so failures read
 * as "nothing stored" and writes are dropped.
 */
export class LocalStorageKeyValueStore implements KeyValueStore {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null = defaultStorage()) {}

  get(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  set(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // Kept for this visit only (see above).
    }
  }

  remove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // Nothing to undo.
    }
  }
}

function defaultStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
