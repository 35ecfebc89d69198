import { InMemoryKeyValueStore } from '../../adapters/in-memory/in-memory-key-value-store.js';
import { keyValueStoreContract } from './key-value-store.contract.js';

keyValueStoreContract('InMemoryKeyValueStore', async () => ({ store: new InMemoryKeyValueStore() }));
