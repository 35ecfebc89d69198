import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { FIRST_PARTY_PROVIDER_IDS, FIRST_PARTY_PROVIDERS, type FirstPartyProviderId, type ModelFactory } from './first-party-providers.js';
import type { ModelCatalogueEntry } from './model-catalogue.js';
import type { ModelGatewayConfig } from './model-gateway-config.js';
import { OfflineLanguageModel } from './offline-language-model.js';

/**
 * Turns a catalogue entry into an AI SDK model, or null when its provider is not configured.
 * Provider clients are built once; the SDKs create models cheaply per call.
 * The catalogue id is the provider's model id, except for OpenAI-compatible endpoints where
 * OPENAI_COMPATIBLE_MODELS may map it to another upstream name.
 */
export class ProviderRegistry {
  private readonly firstParty = new Map<FirstPartyProviderId, ModelFactory>();
  private readonly compatible: ModelFactory | null;

  constructor(private readonly config: ModelGatewayConfig) {
    for (const id of FIRST_PARTY_PROVIDER_IDS) {
      const settings = config[id];
      const provider = FIRST_PARTY_PROVIDERS[id];
      if (settings) this.firstParty.set(id, provider.create({ apiKey: settings.apiKey, baseURL: settings.baseUrl ?? provider.defaultBaseUrl }));
    }
    const { openaiCompatible } = config;
    if (openaiCompatible) {
      const provider = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: openaiCompatible.baseUrl,
        ...(openaiCompatible.apiKey === undefined ? {} : { apiKey: openaiCompatible.apiKey }),
        // Ask for usage in the final stream chunk (stream_options.include_usage).
        includeUsage: true,
      });
      this.compatible = (id) => provider.chatModel(id);
    } else {
      this.compatible = null;
    }
  }

  isAvailable(entry: ModelCatalogueEntry): boolean {
    return this.resolve(entry) !== null;
  }

  resolve(entry: ModelCatalogueEntry): LanguageModel | null {
    switch (entry.provider) {
      case 'offline':
        return new OfflineLanguageModel(entry.id, { tokenDelayMs: this.config.offline.tokenDelayMs });
      case 'openai-compatible': {
        const upstream = this.config.openaiCompatible?.models.get(entry.id);
        return upstream === undefined ? null : (this.compatible?.(upstream) ?? null);
      }
      default:
        return this.firstParty.get(entry.provider)?.(entry.id) ?? null;
    }
  }
}

