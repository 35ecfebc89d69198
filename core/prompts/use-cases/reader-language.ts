import { z } from 'zod';
import { FALLBACK_LANGUAGE, toSupportedLanguage } from '../../interface/index.js';

/**
 * The reader's interface language for library content: any language code ('de', 'de-DE'); one the
 * library is not written in, or none, reads as English (the fallback, app spec §9), never an error.
 */
export const readerLanguageSchema = z
  .string({ error: 'Language must be a language code' })
  .optional()
  .transform((code) => toSupportedLanguage(code) ?? FALLBACK_LANGUAGE);
