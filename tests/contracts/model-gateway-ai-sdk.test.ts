import { afterAll } from 'vitest';
import { createModelGateway } from '../../adapters/models/create-model-gateway.js';
import { catalogueEntry, recordingLogger } from '../unit/models/model-test-kit.js';
import { startOpenAiCompatibleStandIn, type StandIn } from '@ensemble/model-provider-stand-ins';
import { startProviderStandIn, type FirstPartyProvider, type ProviderStandIn } from '@ensemble/model-provider-stand-ins';
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

// The same adapter with each first-party provider's own AI SDK package, streaming over HTTP to a local
// stand-in that speaks that provider's wire protocol (OpenAI Responses, Anthropic Messages, Gemini).
const firstParty: Partial<Record<FirstPartyProvider, ProviderStandIn>> = {};
afterAll(async () => {
  await Promise.all(Object.values(firstParty).map((s) => s.close()));
});

const FIRST_PARTY = [
  ['openai', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'gpt-4o-mini'],
  ['anthropic', 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'claude-sonnet-4-5'],
  ['google', 'GOOGLE_GENERATIVE_AI_API_KEY', 'GOOGLE_GENERATIVE_AI_BASE_URL', 'gemini-2.5-flash'],
] as const;

for (const [provider, keyName, urlName, modelId] of FIRST_PARTY) {
  modelGatewayContract(`AiSdkModelGateway (${provider} provider package, local stand-in on loopback)`, async () => {
    const standIn = (firstParty[provider] ??= await startProviderStandIn(provider));
    return {
      gateway: gatewayFor({ [keyName]: standIn.apiKey, [urlName]: standIn.baseUrl }, [catalogueEntry(modelId, provider)]),
      modelId,
      prompt: 'Tell me a short story about three ducks crossing a road',
    };
  });
}
