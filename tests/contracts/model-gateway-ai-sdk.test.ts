import { afterAll } from 'vitest';
import { createModelGateway } from '../../adapters/models/create-model-gateway.js';
import { catalogueEntry, recordingLogger } from '../unit/models/model-test-kit.js';
import { startOpenAiCompatibleStandIn, type StandIn } from '../support/openai-compatible-stand-in.js';
import { modelGatewayContract } from './model-gateway.contract.js';

function gatewayFor(env: Record<string, string>, catalogue = [catalogueEntry('gpt-4o-mini', 'openai')]) {
  const result = createModelGateway({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0', ...env }, catalogue, logger: recordingLogger(), maxRetries: 0 });
  if (!result.success) throw new Error(result.error.message);
  return result.data;
}

modelGatewayContract('AiSdkModelGateway (offline model)', async () => ({
  gateway: gatewayFor({}),
  modelId: 'offline',
  prompt: 'Tell me a short story about three ducks crossing a road',
}));

modelGatewayContract('AiSdkModelGateway (brief offline model)', async () => ({
  gateway: gatewayFor({}, [catalogueEntry('offline-brief', 'offline')]),
  modelId: 'offline-brief',
  prompt: 'Tell me a short story about three ducks crossing a road',
}));

// The same adapter with a real provider client talking HTTP to a loopback OpenAI-compatible server.
let standIn: StandIn | undefined;
afterAll(async () => {
  await standIn?.close();
});

modelGatewayContract('AiSdkModelGateway (OpenAI-compatible endpoint on loopback)', async () => {
  standIn ??= await startOpenAiCompatibleStandIn();
  return {
    gateway: gatewayFor(
      { OPENAI_COMPATIBLE_BASE_URL: standIn.baseUrl, OPENAI_COMPATIBLE_MODELS: 'llama' },
      [catalogueEntry('llama', 'openai-compatible')],
    ),
    modelId: 'llama',
    prompt: 'Tell me a short story about three ducks crossing a road',
  };
});
