import { PROVIDER_IDS, type ModelProvider } from '../../core/chat/index.js';
import type { Logger, Result } from '../../core/shared/index.js';
import { AiSdkModelGateway } from './ai-sdk-model-gateway.js';
import { FIRST_PARTY_PROVIDER_IDS, type FirstPartyProviderId } from './first-party-providers.js';
import type { ModelCatalogueSource } from './model-catalogue.js';
import { parseModelGatewayConfig, type EnvSource } from './model-gateway-config.js';

export interface CreateModelGatewayInput {
  readonly env: EnvSource;
  readonly catalogue: ModelCatalogueSource;
  readonly logger: Logger;
  readonly maxRetries?: number;
}

/** A misconfigured environment is an expected failure: the caller prints the message and stops. */
export function createModelGateway(input: CreateModelGatewayInput): Result<AiSdkModelGateway> {
  const config = parseModelGatewayConfig(input.env);
  if (!config.success) return config;
  // The offline models need no settings: they are always configured.
  const settings: Record<ModelProvider, object | null> = {
    ...(Object.fromEntries(FIRST_PARTY_PROVIDER_IDS.map((id) => [id, config.data[id]])) as Record<FirstPartyProviderId, object | null>),
    'openai-compatible': config.data.openaiCompatible,
    offline: config.data.offline,
  };
  input.logger.info('model providers configured', { providers: PROVIDER_IDS.filter((id) => settings[id] !== null) });
  const gateway = new AiSdkModelGateway({
    config: config.data,
    catalogue: input.catalogue,
    logger: input.logger,
    ...(input.maxRetries === undefined ? {} : { maxRetries: input.maxRetries }),
  });
  return { success: true, data: gateway };
}
