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
 *
 * A provider's SDK package is loaded only when the provider is configured: the loading starts here,
 * when the server is built, and the first model of that provider waits for it. The offline models
 * need no SDK package, so a server with no provider key loads none.
 */
export class ProviderRegistry {
  private readonly firstParty = new Map<FirstPartyProviderId, Promise<ModelFactory>>();
  private readonly compatible: Promise<ModelFactory> | null;

  constructor(private readonly config: ModelGatewayConfig) {
    for (const id of FIRST_PARTY_PROVIDER_IDS) {
      const settings = config[id];
      const provider = FIRST_PARTY_PROVIDERS[id];
      if (settings) this.firstParty.set(id, settled(provider.create({ apiKey: settings.apiKey, baseURL: settings.baseUrl ?? provider.defaultBaseUrl })));
    }
    const { openaiCompatible } = config;
    this.compatible = openaiCompatible
      ? settled(
          import('@ai-sdk/openai-compatible').then(({ createOpenAICompatible }) => {
            const provider = createOpenAICompatible({
              name: 'openai-compatible',
              baseURL: openaiCompatible.baseUrl,
              ...(openaiCompatible.apiKey === undefined ? {} : { apiKey: openaiCompatible.apiKey }),
              // Ask for usage in the final stream chunk (stream_options.include_usage).
              includeUsage: true,
            });
            return (id: string) => provider.chatModel(id);
          }),
        )
      : null;
  }

  isAvailable(entry: ModelCatalogueEntry): boolean {
    switch (entry.provider) {
      case 'offline':
        return true;
      case 'openai-compatible':
        return this.compatible !== null && this.config.openaiCompatible?.models.get(entry.id) !== undefined;
      default:
        return this.firstParty.has(entry.provider);
    }
  }

  async resolve(entry: ModelCatalogueEntry): Promise<LanguageModel | null> {
    switch (entry.provider) {
      case 'offline':
        return new OfflineLanguageModel(entry.id, { tokenDelayMs: this.config.offline.tokenDelayMs });
      case 'openai-compatible': {
        const upstream = this.config.openaiCompatible?.models.get(entry.id);
        if (upstream === undefined || this.compatible === null) return null;
        return (await this.compatible)(upstream);
      }
      default: {
        const factory = this.firstParty.get(entry.provider);
        return factory === undefined ? null : (await factory)(entry.id);
      }
    }
  }
}

/**
 * The loading promise, marked as handled: a package that fails to load fails the first model that
 * waits for it (as a thrown error, mapped like any provider failure), not the process.
 */
function settled<T>(loading: Promise<T>): Promise<T> {
  loading.catch(() => undefined);
  return loading;
}
