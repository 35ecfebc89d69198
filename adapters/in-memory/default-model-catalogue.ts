import type { ModelCatalogueEntry } from '../models/model-catalogue.js';

/**
 * The model table when no database is configured (in-memory mode): the same rows, prices and plans
 * as the seeds of adapters/supabase/migrations/ (20261122000001_models.sql, 20261122300001_offline_brief_model.sql,
 * 20261130200001_offline_demo_models.sql),
 * in their sort order, with each model's longest answer (20261126190001_conversation_settings.sql) and whether it reads images
 * (20261127190001_attachments.sql) and its context window (20261202100001_model_context_windows.sql),
 * so both modes list and charge alike (tests/integration/supabase/model-catalogue-seed.test.ts).
 */
export const DEFAULT_CATALOGUE: readonly ModelCatalogueEntry[] = [
  { id: 'offline', label: 'Offline model (local, no network)', provider: 'offline', inputCreditsPer1k: 1, outputCreditsPer1k: 1, plan: 'free', maxOutputTokens: 4096, supportsImages: true, contextWindow: 8_192 },
  { id: 'offline-brief', label: 'Offline model, brief (local, no network)', provider: 'offline', inputCreditsPer1k: 2, outputCreditsPer1k: 3, plan: 'free', maxOutputTokens: 4096, contextWindow: 8_192 },
  { id: 'offline-steps', label: 'Offline demo: step by step (local, no network)', provider: 'offline', inputCreditsPer1k: 0.5, outputCreditsPer1k: 1, plan: 'free', maxOutputTokens: 2048, contextWindow: 8_192 },
  { id: 'offline-critic', label: 'Offline demo: skeptic (local, no network)', provider: 'offline', inputCreditsPer1k: 2, outputCreditsPer1k: 5, plan: 'free', maxOutputTokens: 4096, contextWindow: 8_192 },
  { id: 'offline-code', label: 'Offline demo: code first (local, no network)', provider: 'offline', inputCreditsPer1k: 3, outputCreditsPer1k: 8, plan: 'free', maxOutputTokens: 8192, contextWindow: 16_384 },
  { id: 'offline-thorough', label: 'Offline demo: slow and thorough (local, no network)', provider: 'offline', inputCreditsPer1k: 6, outputCreditsPer1k: 20, plan: 'free', maxOutputTokens: 16384, supportsImages: true, contextWindow: 32_768 },
  { id: 'gpt-4o-mini', label: 'GPT-4o mini', provider: 'openai', inputCreditsPer1k: 1, outputCreditsPer1k: 4, plan: 'free', maxOutputTokens: 16384, supportsImages: true, contextWindow: 128_000 },
  { id: 'gpt-4o', label: 'GPT-4o', provider: 'openai', inputCreditsPer1k: 10, outputCreditsPer1k: 40, plan: 'paid', maxOutputTokens: 16384, supportsImages: true, contextWindow: 128_000 },
  { id: 'gpt-4.1', label: 'GPT-4.1', provider: 'openai', inputCreditsPer1k: 8, outputCreditsPer1k: 32, plan: 'paid', maxOutputTokens: 32768, supportsImages: true, contextWindow: 1_047_576 },
  { id: 'claude-haiku-4-5', label: 'Claude Haiku 4.5', provider: 'anthropic', inputCreditsPer1k: 4, outputCreditsPer1k: 20, plan: 'free', maxOutputTokens: 64000, supportsImages: true, contextWindow: 200_000 },
  { id: 'claude-sonnet-4-5', label: 'Claude Sonnet 4.5', provider: 'anthropic', inputCreditsPer1k: 12, outputCreditsPer1k: 60, plan: 'paid', maxOutputTokens: 64000, supportsImages: true, contextWindow: 200_000 },
  { id: 'gemini-2.5-flash', label: 'Gemini 2.5 Flash', provider: 'google', inputCreditsPer1k: 1, outputCreditsPer1k: 10, plan: 'free', maxOutputTokens: 65536, supportsImages: true, contextWindow: 1_048_576 },
  { id: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro', provider: 'google', inputCreditsPer1k: 5, outputCreditsPer1k: 40, plan: 'paid', maxOutputTokens: 65536, supportsImages: true, contextWindow: 1_048_576 },
];
