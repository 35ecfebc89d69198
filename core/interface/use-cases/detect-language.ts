import { z } from 'zod';
import { detectLanguage, LANGUAGE_QUERY_PARAM, readQueryParam, SELECTED_LANGUAGE_KEY } from '../domain/language.js';
import type { Language, LanguageSource } from '../domain/language.js';
import type { KeyValueStore } from '../ports/key-value-store.js';
import { parseInput } from '../../shared/parse-input.js';
import { ok } from '../../shared/result.js';
import type { Result } from '../../shared/result.js';

const inputSchema = z.object({
  url: z.string({ error: 'URL must be text' }),
  browserLanguages: z.array(z.string()).default([]),
});

/**
 * app spec §9: the interface language from the `hl` query parameter, then the cached
 * `selectedLanguage`, then the browser's languages, else English; the choice is cached.
 */
export const makeDetectLanguage =
  (deps: { keyValueStore: KeyValueStore }) =>
  async (input: { url: string; browserLanguages?: readonly string[] }): Promise<Result<{ language: Language; source: LanguageSource }>> => {
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const detected = detectLanguage({
      queryParam: readQueryParam(valid.data.url, LANGUAGE_QUERY_PARAM),
      stored: deps.keyValueStore.get(SELECTED_LANGUAGE_KEY),
      browserLanguages: valid.data.browserLanguages,
    });
    deps.keyValueStore.set(SELECTED_LANGUAGE_KEY, detected.language);
    return ok(detected);
  };
