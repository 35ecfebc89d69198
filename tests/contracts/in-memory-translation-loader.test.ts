import { InMemoryTranslationLoader } from '../../adapters/in-memory/in-memory-translation-loader.js';
import { translationLoaderContract } from './translation-loader.contract.js';

const resources = { en: { 'home.title': 'Every model, side by side' } };

translationLoaderContract('InMemoryTranslationLoader', async () => ({
  loader: new InMemoryTranslationLoader(resources),
  unreachableLoader: () => {
    // Memory cannot be out of reach; a loader told to fail without a status is what a closed port looks like.
    const loader = new InMemoryTranslationLoader(resources);
    loader.failNext('en', null);
    return loader;
  },
}));
