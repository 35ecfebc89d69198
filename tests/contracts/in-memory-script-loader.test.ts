import { InMemoryScriptLoader } from '../../adapters/in-memory/in-memory-script-loader.js';
import { scriptLoaderContract } from './script-loader.contract.js';

scriptLoaderContract('InMemoryScriptLoader', async () => {
  const loader = new InMemoryScriptLoader();
  return { loader, failOn: (src) => loader.failOn(src) };
});
