import { randomUUID } from 'node:crypto';
import { InMemoryPromptCatalog } from '../../adapters/in-memory/in-memory-prompt-catalog.js';
import { sampleCategoryLabels, samplePromptTranslations, samplePrompts } from '../support/prompt-builders.js';
import { promptCatalogContract } from './prompt-catalog.contract.js';

promptCatalogContract('InMemoryPromptCatalog', async () => ({
  catalog: new InMemoryPromptCatalog(samplePrompts(), { translations: samplePromptTranslations(), categoryLabels: sampleCategoryLabels() }),
  createUser: async () => randomUUID(),
  actAs: async () => undefined,
}));
