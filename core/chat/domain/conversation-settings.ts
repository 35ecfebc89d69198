import { z } from 'zod';
import type { ModelInfo } from './chat.js';
import { modelProvider } from './providers.js';
import { hasUnstorableText } from './chat-rules.js';
import { contextPolicySchema, type ContextPolicy } from './context-window.js';

/** What one model of a conversation is asked with; absent values leave the provider's default. */
export interface ModelSettings {
  /** 0 (most predictable) up to the model's maximum (see settingLimitsOf). */
  readonly temperature?: number;
  /** The longest answer, in tokens. */
  readonly maxOutputTokens?: number;
}

/** Stored with each conversation: the system instruction and each model's settings, by model id. */
export interface ConversationSettings {
  /** '' for none. */
  readonly instruction: string;
  readonly models: Readonly<Record<string, ModelSettings>>;
  /** What the models receive of the history (context-window.ts); absent: DEFAULT_CONTEXT, the whole of it within each model's window. */
  readonly context?: ContextPolicy;
}

export const NO_SETTINGS: ConversationSettings = { instruction: '', models: {} };

export const MAX_INSTRUCTION_LENGTH = 8000;
/** The settings of at most this many models are kept per conversation (all that ever answered it). */
export const MAX_SETTINGS_MODELS = 24;
/** The ceiling of any provider's temperature scale (OpenAI and Google: 0–2; Anthropic: 0–1). */
export const MAX_TEMPERATURE = 2;
/** The upper bound accepted for a maximum answer length; each model's own ceiling is lower. */
export const MAX_OUTPUT_TOKENS_LIMIT = 1_000_000;

const storable = (what: string) => [(text: string) => !hasUnstorableText(text), `${what} contains a character that cannot be stored (NUL or a broken Unicode surrogate)`] as const;

export const instructionSchema = z
  .string({ error: 'The instruction must be text' })
  .max(MAX_INSTRUCTION_LENGTH, `The instruction must contain at most ${MAX_INSTRUCTION_LENGTH} characters`)
  .refine(...storable('The instruction'))
  .transform((text) => text.trim());

export const modelSettingsSchema = z.strictObject({
  temperature: z
    .number({ error: 'The temperature must be a number' })
    .min(0, 'The temperature must be at least 0')
    .max(MAX_TEMPERATURE, `The temperature must be at most ${MAX_TEMPERATURE}`)
    .optional(),
  maxOutputTokens: z
    .number({ error: 'The maximum answer length must be a number' })
    .int('The maximum answer length must be a whole number of tokens')
    .min(1, 'The maximum answer length must be at least 1 token')
    .max(MAX_OUTPUT_TOKENS_LIMIT, `The maximum answer length must be at most ${MAX_OUTPUT_TOKENS_LIMIT} tokens`)
    .optional(),
});

export const conversationSettingsSchema = z.strictObject({
  instruction: instructionSchema,
  models: z
    .record(z.string().trim().min(1, 'A model id must not be empty').max(100, 'A model id is too long').refine(...storable('A model id')), modelSettingsSchema)
    .refine((models) => Object.keys(models).length <= MAX_SETTINGS_MODELS, `Settings may name at most ${MAX_SETTINGS_MODELS} models`),
  context: contextPolicySchema.optional(),
});

/** What a model lets a user set: its temperature scale (null: it takes none) and its longest answer. */
export interface SettingLimits {
  readonly maxTemperature: number | null;
  readonly maxOutputTokens: number;
}

export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

/** The catalogue's word on a model, with the provider's scale where the catalogue says nothing. */
export const settingLimitsOf = (model: Pick<ModelInfo, 'provider' | 'supportsTemperature' | 'maxOutputTokens'>): SettingLimits => ({
  maxTemperature: model.supportsTemperature === false ? null : modelProvider(model.provider).maxTemperature,
  maxOutputTokens: model.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
});

/**
 * The settings a model is actually called with: a temperature only where it takes one (capped to its
 * scale), a maximum length no longer than its own ceiling. Empty settings change nothing.
 */
export const effectiveSettings = (settings: ModelSettings | undefined, limits: SettingLimits): ModelSettings => {
  if (!settings) return {};
  const temperature =
    settings.temperature === undefined || limits.maxTemperature === null ? undefined : Math.min(settings.temperature, limits.maxTemperature);
  const maxOutputTokens = settings.maxOutputTokens === undefined ? undefined : Math.min(settings.maxOutputTokens, limits.maxOutputTokens);
  return { ...(temperature === undefined ? {} : { temperature }), ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }) };
};
