import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { ModelCatalogueEntry } from './model-catalogue.js';
import type { ModelGatewayConfig } from './model-gateway-config.js';
import { OfflineLanguageModel } from './offline-language-model.js';

type ModelFactory = (providerModelId: string) => LanguageModel;

// Passed explicitly so the SDKs never fall back to OPENAI_BASE_URL / ANTHROPIC_BASE_URL read from
// process.env behind the validated configuration's back.
export const DEFAULT_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
} as const;

/**
 * Turns a catalogue entry into an AI SDK model, or null when its provider is not configured.
 * Provider clients are built once; the SDKs create models cheaply per call.
 * The catalogue id is the provider's model id, except for OpenAI-compatible endpoints where
 * OPENAI_COMPATIBLE_MODELS may map it to another upstream name.
 */
export class ProviderRegistry {
  private readonly openai: ModelFactory | null;
  private readonly anthropic: ModelFactory | null;
  private readonly google: ModelFactory | null;
  private readonly compatible: ModelFactory | null;

  constructor(private readonly config: ModelGatewayConfig) {
    const { openai, anthropic, google, openaiCompatible } = config;
    // openai(id) is the Responses API (POST {baseURL}/responses); anthropic(id) is POST {baseURL}/messages;
    // google(id) is POST {baseURL}/models/{id}:streamGenerateContent?alt=sse.
    this.openai =
      openai && factory(createOpenAI({ apiKey: openai.apiKey, baseURL: openai.baseUrl ?? DEFAULT_BASE_URLS.openai }));
    this.anthropic =
      anthropic &&
      factory(createAnthropic({ apiKey: anthropic.apiKey, baseURL: anthropic.baseUrl ?? DEFAULT_BASE_URLS.anthropic }));
    this.google =
      google &&
      factory(createGoogleGenerativeAI({ apiKey: google.apiKey, baseURL: google.baseUrl ?? DEFAULT_BASE_URLS.google }));
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
      case 'openai':
        return this.openai?.(entry.id) ?? null;
      case 'anthropic':
        return this.anthropic?.(entry.id) ?? null;
      case 'google':
        return this.google?.(entry.id) ?? null;
      case 'openai-compatible': {
        const upstream = this.config.openaiCompatible?.models.get(entry.id);
        return upstream === undefined ? null : (this.compatible?.(upstream) ?? null);
      }
    }
  }
}

const factory =
  (provider: (id: string) => LanguageModel): ModelFactory =>
  (id) =>
    provider(id);
