import { z } from 'zod';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { FIRST_PARTY_PROVIDER_IDS, FIRST_PARTY_PROVIDERS, type FirstPartyProviderId } from './first-party-providers.js';
import { DEFAULT_OFFLINE_TOKEN_DELAY_MS } from './offline-language-model.js';

/**
 * A first-party provider's settings. `baseUrl` is present only when its *_BASE_URL variable is set
 * (a proxy, a regional endpoint, a loopback stand-in); otherwise the provider's public API is used.
 */
export interface FirstPartyProviderConfig {
  readonly apiKey: string;
  readonly baseUrl?: string;
}

/**
 * Provider settings read from the environment; a provider is configured when its key is present.
 * Each first-party provider of FIRST_PARTY_PROVIDERS has a field of its own, named by its id.
 */
export type ModelGatewayConfig = { readonly [P in FirstPartyProviderId]: FirstPartyProviderConfig | null } & {
  readonly openaiCompatible: {
    readonly baseUrl: string;
    readonly apiKey: string | undefined;
    /** Catalogue id -> the model name the endpoint expects. */
    readonly models: ReadonlyMap<string, string>;
  } | null;
  readonly offline: { readonly tokenDelayMs: number };
};

export type EnvSource = Readonly<Record<string, string | undefined>>;

// `KEY=` in a .env file means "not set": blank values are treated as absent.
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const apiKey = (name: string) =>
  optionalText.refine((value) => value === undefined || !/\s/.test(value), {
    message: `${name} must not contain whitespace`,
  });

const httpUrl = (name: string, example: string) =>
  optionalText.refine((value) => value === undefined || (/^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value)), {
    message: `${name} must be an absolute http(s) URL, e.g. ${example}`,
  });

// Each first-party provider's key and optional base URL.
const FIRST_PARTY = FIRST_PARTY_PROVIDER_IDS.map((id) => FIRST_PARTY_PROVIDERS[id]);
const firstPartyVariables = Object.fromEntries(
  FIRST_PARTY.flatMap((provider) => [
    [provider.keyVariable, apiKey(provider.keyVariable)],
    [provider.baseUrlVariable, httpUrl(provider.baseUrlVariable, provider.defaultBaseUrl)],
  ]),
) as Record<string, ReturnType<typeof apiKey> | ReturnType<typeof httpUrl>>;

// "id" or "id=upstream-name", comma-separated: lets a catalogue id differ from the endpoint's name.
const MODEL_ENTRY = /^([^=\s,]+)(?:=([^=\s,]+))?$/;
const modelList = optionalText.superRefine((value, ctx) => {
  for (const entry of splitList(value)) {
    if (!MODEL_ENTRY.test(entry)) {
      ctx.addIssue({
        code: 'custom',
        message: `OPENAI_COMPATIBLE_MODELS entry "${entry}" is not "id" or "id=upstream-model"`,
      });
    }
  }
});

const delayMs = optionalText.pipe(
  z
    .string()
    .regex(/^\d{1,4}$/, { message: 'OFFLINE_MODEL_TOKEN_DELAY_MS must be a whole number of milliseconds from 0 to 9999' })
    .transform(Number)
    .optional(),
);

const envSchema = z
  .object({
    ...firstPartyVariables,
    OPENAI_COMPATIBLE_BASE_URL: httpUrl('OPENAI_COMPATIBLE_BASE_URL', 'http://localhost:11434/v1'),
    OPENAI_COMPATIBLE_API_KEY: apiKey('OPENAI_COMPATIBLE_API_KEY'),
    OPENAI_COMPATIBLE_MODELS: modelList,
    OFFLINE_MODEL_TOKEN_DELAY_MS: delayMs,
  })
  .superRefine((env, ctx) => {
    const hasUrl = env.OPENAI_COMPATIBLE_BASE_URL !== undefined;
    const hasModels = splitList(env.OPENAI_COMPATIBLE_MODELS).length > 0;
    if (hasUrl && !hasModels) {
      ctx.addIssue({
        code: 'custom',
        path: ['OPENAI_COMPATIBLE_MODELS'],
        message: 'OPENAI_COMPATIBLE_MODELS is required when OPENAI_COMPATIBLE_BASE_URL is set (comma-separated model ids)',
      });
    }
    for (const name of ['OPENAI_COMPATIBLE_MODELS', 'OPENAI_COMPATIBLE_API_KEY'] as const) {
      if (!hasUrl && env[name] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: `${name} is set but OPENAI_COMPATIBLE_BASE_URL is not` });
      }
    }
    const values = env as Record<string, unknown>;
    for (const { baseUrlVariable, keyVariable } of FIRST_PARTY) {
      if (values[baseUrlVariable] !== undefined && values[keyVariable] === undefined) {
        ctx.addIssue({ code: 'custom', path: [baseUrlVariable], message: `${baseUrlVariable} is set but ${keyVariable} is not` });
      }
    }
  });

/** Reads only the variables above; a bad value gives every problem in one precise message. */
export function parseModelGatewayConfig(env: EnvSource): Result<ModelGatewayConfig> {
  const parsed = envSchema.safeParse(pickKnown(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => issue.message);
    return fail(
      domainError('validation', `Invalid model provider configuration: ${problems.join('; ')}`, { problems }),
    );
  }
  const e = parsed.data;
  const variables = parsed.data as Record<string, unknown> as Record<string, string | undefined>;
  const firstParty = (id: FirstPartyProviderId): FirstPartyProviderConfig | null => {
    const key = variables[FIRST_PARTY_PROVIDERS[id].keyVariable];
    const baseUrl = variables[FIRST_PARTY_PROVIDERS[id].baseUrlVariable];
    return key === undefined ? null : { apiKey: key, ...(baseUrl === undefined ? {} : { baseUrl: baseUrl.replace(/\/+$/, '') }) };
  };
  return ok({
    ...(Object.fromEntries(FIRST_PARTY_PROVIDER_IDS.map((id) => [id, firstParty(id)])) as Record<FirstPartyProviderId, FirstPartyProviderConfig | null>),
    openaiCompatible:
      e.OPENAI_COMPATIBLE_BASE_URL === undefined
        ? null
        : {
            baseUrl: e.OPENAI_COMPATIBLE_BASE_URL.replace(/\/+$/, ''),
            apiKey: e.OPENAI_COMPATIBLE_API_KEY,
            models: new Map(
              splitList(e.OPENAI_COMPATIBLE_MODELS).map((entry) => {
                const [id, upstream] = entry.split('=') as [string, string | undefined];
                return [id, upstream ?? id];
              }),
            ),
          },
    offline: { tokenDelayMs: e.OFFLINE_MODEL_TOKEN_DELAY_MS ?? DEFAULT_OFFLINE_TOKEN_DELAY_MS },
  });
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

// Never pass the whole environment to zod: its messages must not echo unrelated secrets.
function pickKnown(env: EnvSource): Record<string, string | undefined> {
  return Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, env[name]]));
}
