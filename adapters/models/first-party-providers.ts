import type { LanguageModel } from 'ai';
import type { ModelProvider } from '../../core/chat/index.js';

/** A provider's client, built once: it makes a model of a catalogue id per call. */
export type ModelFactory = (providerModelId: string) => LanguageModel;

/** What the server knows of a first-party provider: its variables, public endpoint and SDK. */
export interface FirstPartyProvider {
  /** How messages name it ("Anthropic is not configured"). */
  readonly label: string;
  /** The variable holding its API key; the provider is configured when it is set. */
  readonly keyVariable: string;
  /** The optional variable that points it elsewhere (a proxy, a regional endpoint, a loopback stand-in). */
  readonly baseUrlVariable: string;
  /**
   * Its public endpoint, passed to the SDK explicitly so no SDK falls back to a *_BASE_URL read from
   * process.env behind the validated configuration's back.
   */
  readonly defaultBaseUrl: string;
  /**
   * Its AI SDK client. The package is loaded here, when the provider is configured, and not when the
   * server's modules load: a server without the provider's key never evaluates its SDK.
   */
  readonly create: (settings: { readonly apiKey: string; readonly baseURL: string }) => Promise<ModelFactory>;
}

/**
 * The providers whose own API the server calls with a key. This table is the one place such a
 * provider is described on the server: the environment's schema, the configuration, the registry of
 * SDK clients and the gateway's messages are all read from it. (The core's provider table,
 * `MODEL_PROVIDERS`, lists every provider; the OpenAI-compatible endpoint and the offline models are
 * configured differently and live in model-gateway-config.ts and provider-registry.ts.)
 */
export const FIRST_PARTY_PROVIDERS = {
  // openai(id) is the Responses API: POST {baseURL}/responses.
  openai: {
    label: 'OpenAI',
    keyVariable: 'OPENAI_API_KEY',
    baseUrlVariable: 'OPENAI_BASE_URL',
    defaultBaseUrl: 'https://api.openai.com/v1',
    create: async (settings) => {
      const { createOpenAI } = await import('@ai-sdk/openai');
      const provider = createOpenAI(settings);
      return (id) => provider(id);
    },
  },
  // anthropic(id) is POST {baseURL}/messages.
  anthropic: {
    label: 'Anthropic',
    keyVariable: 'ANTHROPIC_API_KEY',
    baseUrlVariable: 'ANTHROPIC_BASE_URL',
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    create: async (settings) => {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      const provider = createAnthropic(settings);
      return (id) => provider(id);
    },
  },
  // google(id) is POST {baseURL}/models/{id}:streamGenerateContent?alt=sse.
  google: {
    label: 'Google',
    keyVariable: 'GOOGLE_GENERATIVE_AI_API_KEY',
    baseUrlVariable: 'GOOGLE_GENERATIVE_AI_BASE_URL',
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    create: async (settings) => {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      const provider = createGoogleGenerativeAI(settings);
      return (id) => provider(id);
    },
  },
} as const satisfies Partial<Record<ModelProvider, FirstPartyProvider>>;

export type FirstPartyProviderId = keyof typeof FIRST_PARTY_PROVIDERS;

/** The first-party providers' ids, in the table's order. */
export const FIRST_PARTY_PROVIDER_IDS = Object.keys(FIRST_PARTY_PROVIDERS) as FirstPartyProviderId[];
