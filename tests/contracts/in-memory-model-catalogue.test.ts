import { InMemoryModelCatalogue } from '../../adapters/in-memory/in-memory-model-catalogue.js';
import { modelCatalogueContract } from './model-catalogue.contract.js';

modelCatalogueContract('InMemoryModelCatalogue', async () => {
  const catalogue = new InMemoryModelCatalogue([]);
  return {
    catalogue,
    seed: async (entries) => catalogue.replace(entries),
    advance: () => undefined,
    unreadable: async () => {
      const failing = new InMemoryModelCatalogue([]);
      failing.failures.failNext('list');
      return failing;
    },
  };
});
