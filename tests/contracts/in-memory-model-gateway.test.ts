import { InMemoryModelGateway } from '../../adapters/in-memory/in-memory-model-gateway.js';
import { modelGatewayContract } from './model-gateway.contract.js';

modelGatewayContract('InMemoryModelGateway', async () => ({
  gateway: new InMemoryModelGateway(),
  modelId: 'echo-basic',
  prompt: 'Tell me a short story about three ducks crossing a road',
}));
