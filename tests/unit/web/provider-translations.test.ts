import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROVIDER_IDS } from '../../../core/chat/index.js';
import { SUPPORTED_LANGUAGES } from '../../../core/interface/index.js';

const root = join(import.meta.dirname, '..', '..', '..');
const models = (lng: string): Record<string, Record<string, unknown>> =>
  (JSON.parse(readFileSync(join(root, 'web', 'public', 'locales', lng, 'translation.json'), 'utf8')) as { models: Record<string, Record<string, unknown>> }).models;

describe("the providers' words in every language are keyed by the chat core's provider table", () => {
  it('there are six languages', () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(6);
  });

  it.each(SUPPORTED_LANGUAGES)('%s names each provider (models.provider) and says why its models may not answer (models.why), no more, no fewer', (lng) => {
    const { provider, why } = models(lng);
    expect(Object.keys(provider ?? {}).sort()).toEqual([...PROVIDER_IDS].sort());
    expect(Object.keys(why ?? {}).sort()).toEqual([...PROVIDER_IDS].sort());
  });
});
