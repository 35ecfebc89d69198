/**
 * The model providers: who runs a model of the catalogue. This table is the one list of them; the
 * catalogue's schemas read `z.enum(PROVIDER_IDS)`, and every per-provider fact elsewhere (an
 * adapter's environment variables and SDK client, a screen's label in each locale) is a
 * `Record<ModelProvider, …>`, so a provider added here and forgotten there fails the typecheck.
 * The database's `models.provider` check and the locale files are held to it by tests.
 */
export const MODEL_PROVIDERS = [
  { id: 'openai', maxTemperature: 2 },
  { id: 'anthropic', maxTemperature: 1 },
  { id: 'google', maxTemperature: 2 },
  /** Any endpoint that speaks OpenAI's chat completions (a local Llama, a hosted open model). */
  { id: 'openai-compatible', maxTemperature: 2 },
  /** The models that answer on the server itself, with no network and no key. */
  { id: 'offline', maxTemperature: 2 },
] as const satisfies readonly [ModelProviderFacts, ...ModelProviderFacts[]];

/** What the core knows of a provider: its id and the top of its temperature scale. */
export interface ModelProviderFacts {
  readonly id: string;
  readonly maxTemperature: number;
}

type Ids<T extends readonly { readonly id: string }[]> = { readonly [K in keyof T]: T[K]['id'] };

/** The providers' ids in the table's order, as a tuple (for `z.enum`). */
export const PROVIDER_IDS = MODEL_PROVIDERS.map((provider) => provider.id) as unknown as Ids<typeof MODEL_PROVIDERS>;

export type ModelProvider = (typeof MODEL_PROVIDERS)[number]['id'];

const FACTS = new Map<ModelProvider, ModelProviderFacts>(MODEL_PROVIDERS.map((provider) => [provider.id, provider]));

/** The table's row of a provider. */
export const modelProvider = (id: ModelProvider): ModelProviderFacts => FACTS.get(id)!;
