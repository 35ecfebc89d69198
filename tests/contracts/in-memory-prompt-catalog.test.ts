import { randomUUID } from 'node:crypto';
import { InMemoryPromptCatalog } from '../../adapters/in-memory/in-memory-prompt-catalog.js';
import { samplePrompts } from '../support/prompt-builders.js';
import { promptCatalogContract } from './prompt-catalog.contract.js';

promptCatalogContract('InMemoryPromptCatalog', async () => ({
  catalog: new InMemoryPromptCatalog(samplePrompts()),
  createUser: async () => randomUUID(),
  actAs: async () => undefined,
}));
