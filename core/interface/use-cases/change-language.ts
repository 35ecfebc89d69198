import { z } from 'zod';
import { SELECTED_LANGUAGE_KEY, SUPPORTED_LANGUAGES, toSupportedLanguage, withLanguageParam } from '../domain/language.js';
import type { Language } from '../domain/language.js';
import type { KeyValueStore } from '../ports/key-value-store.js';
import { parseInput } from '../../shared/parse-input.js';
import { ok } from '../../shared/result.js';
import type { Result } from '../../shared/result.js';

const inputSchema = z.object({
  language: z
    .string({ error: 'Language must be text' })
    .transform((code) => toSupportedLanguage(code))
    .refine((code): code is Language => code !== null, `Language must be one of: ${SUPPORTED_LANGUAGES.join(', ')}`),
  url: z.string({ error: 'URL must be text' }),
});

/**
 * The user picks a language: it is cached under `selectedLanguage` and the answer carries the URL
 * to show, with `hl` set to the primary subtag, or removed for English (app spec §2, §9).
 */
export const makeChangeLanguage =
  (deps: { keyValueStore: KeyValueStore }) =>
  async (input: { language: string; url: string }): Promise<Result<{ language: Language; url: string }>> => {
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const language = valid.data.language as Language;
    deps.keyValueStore.set(SELECTED_LANGUAGE_KEY, language);
    return ok({ language, url: withLanguageParam(valid.data.url, language) });
  };
