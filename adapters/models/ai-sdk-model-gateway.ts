import { streamText, type FinishReason, type LanguageModelUsage } from 'ai';
import type { ChatRequest, ChatStreamEvent, ModelInfo, ModelProvider, ModelSettings, ModelGateway } from '../../core/chat/index.js';
import { estimateTokens, type TokenUsage } from '../../core/credits/index.js';
import type { Logger } from '../../core/shared/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { toModelMessage } from './attachment-parts.js';
import { chatRequestSchema, describeIssues } from './chat-request-schema.js';
import { EventChannel } from './event-channel.js';
import { FIRST_PARTY_PROVIDER_IDS, FIRST_PARTY_PROVIDERS, type FirstPartyProvider, type FirstPartyProviderId } from './first-party-providers.js';
import { isModelCatalogue, withOfflineEntry, type ModelCatalogueEntry, type ModelCatalogueSource } from './model-catalogue.js';
import type { ModelGatewayConfig } from './model-gateway-config.js';
import { mapProviderError, type StreamFailure } from './provider-error.js';
import { ProviderRegistry } from './provider-registry.js';
import { estimatePromptTokens } from './token-estimate.js';

export interface AiSdkModelGatewayOptions {
  readonly config: ModelGatewayConfig;
  readonly catalogue: ModelCatalogueSource;
  readonly logger: Logger;
  /** Retries of the initial provider call on retryable failures (429, 5xx); the SDK default is 2. */
  readonly maxRetries?: number;
}

type Message = ChatRequest['messages'][number];
type Emit = (event: ChatStreamEvent) => void;

const PROVIDER_LABEL: Record<ModelProvider, string> = {
  ...mapFirstParty((provider) => provider.label),
  'openai-compatible': 'The OpenAI-compatible endpoint',
  offline: 'The offline model',
};

const HOW_TO_ENABLE: Record<ModelProvider, string> = {
  ...mapFirstParty((provider) => `set ${provider.keyVariable}`),
  'openai-compatible': 'set OPENAI_COMPATIBLE_BASE_URL and list the model in OPENAI_COMPATIBLE_MODELS',
  offline: 'it is always available',
};

function mapFirstParty<T>(pick: (provider: FirstPartyProvider) => T): Record<FirstPartyProviderId, T> {
  return Object.fromEntries(FIRST_PARTY_PROVIDER_IDS.map((id) => [id, pick(FIRST_PARTY_PROVIDERS[id])])) as Record<FirstPartyProviderId, T>;
}

const ZERO_USAGE: TokenUsage = { inputTokens: 0, outputTokens: 0 };

/**
 * The server's ModelGateway: every model, the offline one included, goes through the AI SDK's
 * streamText. Per requested model the events are: `start` once the model is called, `delta`s,
 * at most one `error`, then exactly one `finish` (always last, carrying the usage to charge).
 * Models of one request stream concurrently; their events are merged in arrival order.
 */
export class AiSdkModelGateway implements ModelGateway {
  private readonly registry: ProviderRegistry;

  constructor(private readonly options: AiSdkModelGatewayOptions) {
    this.registry = new ProviderRegistry(options.config);
  }

  async listModels(): Promise<Result<readonly ModelInfo[]>> {
    const catalogue = await this.loadCatalogue();
    if (!catalogue.success) return catalogue;
    return ok(catalogue.data.map((entry) => ({ ...entry, available: this.registry.isAvailable(entry) })));
  }

  async *stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const parsed = chatRequestSchema.safeParse(request);
    if (!parsed.success) {
      const named = Array.isArray(request.modelIds) ? request.modelIds.filter((id) => typeof id === 'string' && id !== '') : [];
      const ids = named.length > 0 ? [...new Set(named)] : [''];
      const message = `Invalid chat request: ${describeIssues(parsed.error)}`;
      for (const modelId of ids) yield* failedBeforeStart(modelId, 'validation', message);
      return;
    }
    const catalogue = await this.loadCatalogue();
    if (!catalogue.success) {
      for (const modelId of parsed.data.modelIds) yield* failedBeforeStart(modelId, catalogue.error.code, catalogue.error.message);
      return;
    }
    const byId = new Map(catalogue.data.map((entry) => [entry.id, entry]));
    const controller = new AbortController();
    const abort = () => controller.abort();
    if (request.signal?.aborted) abort();
    request.signal?.addEventListener('abort', abort, { once: true });
    const channel = new EventChannel<ChatStreamEvent>();
    const emit: Emit = (event) => channel.push(event);
    const { messages, instruction } = parsed.data;
    const running = Promise.all(
      parsed.data.modelIds.map((id) =>
        this.runModel(id, byId.get(id), { messages, instruction, settings: parsed.data.settings?.[id] }, controller.signal, emit),
      ),
    ).finally(() => channel.close());
    try {
      yield* channel;
    } finally {
      // The reader went away (client disconnect) or finished: stop every model, then clean up.
      abort();
      request.signal?.removeEventListener('abort', abort);
      await running;
    }
  }

  private async runModel(
    modelId: string,
    entry: ModelCatalogueEntry | undefined,
    prompt: { messages: readonly Message[]; instruction: string | undefined; settings: ModelSettings | undefined },
    signal: AbortSignal,
    emit: Emit,
  ): Promise<void> {
    const { messages, settings } = prompt;
    // What the estimate counts when a provider reports no usage: the instruction is sent too.
    const counted = prompt.instruction ? [{ role: 'system' as const, content: prompt.instruction }, ...messages] : messages;
    if (entry === undefined) {
      for (const event of failedBeforeStart(modelId, 'not_found', `Unknown model "${modelId}"`)) emit(event);
      return;
    }
    const model = await this.registry.resolve(entry);
    if (model === null) {
      const message = `Model "${entry.label}" is not available: ${PROVIDER_LABEL[entry.provider]} is not configured (${HOW_TO_ENABLE[entry.provider]})`;
      for (const event of failedBeforeStart(modelId, 'model_unavailable', message)) emit(event);
      return;
    }
    if (signal.aborted) {
      emit({ type: 'finish', modelId, usage: ZERO_USAGE, finishReason: 'aborted' });
      return;
    }
    emit({ type: 'start', modelId });
    let text = '';
    let failure: StreamFailure | null = null;
    let reported: { usage: LanguageModelUsage; reason: FinishReason } | null = null;
    try {
      // Instructions go in `system`, where the SDK wants them (inside `messages` it warns of prompt
      // injection); each provider package puts it in its own slot (OpenAI input, Anthropic `system`,
      // Google `systemInstruction`), and the settings in its own fields (see README, "Settings").
      const system = [prompt.instruction ?? '', ...messages.filter((m) => m.role === 'system').map((m) => m.content)]
        .filter((text) => text.trim() !== '')
        .join('\n\n');
      const result = streamText({
        model,
        ...(system === '' ? {} : { system }),
        ...(settings?.temperature === undefined ? {} : { temperature: settings.temperature }),
        ...(settings?.maxOutputTokens === undefined ? {} : { maxOutputTokens: settings.maxOutputTokens }),
        messages: messages.filter((m) => m.role !== 'system').map(toModelMessage),
        abortSignal: signal,
        maxRetries: this.options.maxRetries ?? 2,
        // Errors arrive as stream parts below; this only silences the SDK's console default.
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && !signal.aborted && part.text !== '') {
          text += part.text;
          emit({ type: 'delta', modelId, text: part.text });
        } else if (part.type === 'error' && failure === null) {
          failure = mapProviderError(part.error, PROVIDER_LABEL[entry.provider]);
        } else if (part.type === 'finish') {
          reported = { usage: part.totalUsage, reason: part.finishReason };
        }
      }
    } catch (error) {
      failure ??= mapProviderError(error, PROVIDER_LABEL[entry.provider]);
    }
    if (signal.aborted) {
      const usage = usageOf(reported?.usage, counted, text, entry.provider);
      emit({ type: 'finish', modelId, usage, finishReason: 'aborted' });
    } else if (failure !== null) {
      this.options.logger.warn('model stream failed', { modelId, code: failure.code, ...failure.details });
      // A call refused before any output consumed nothing; a stream broken midway did.
      const usage = text === '' && reported?.usage.inputTokens === undefined ? ZERO_USAGE : usageOf(reported?.usage, counted, text, entry.provider);
      emit({ type: 'error', modelId, code: failure.code, message: failure.message });
      emit({ type: 'finish', modelId, usage, finishReason: 'error' });
    } else {
      const usage = usageOf(reported?.usage, counted, text, entry.provider);
      emit({ type: 'finish', modelId, usage, finishReason: toFinishReason(reported?.reason) });
    }
  }

  private async loadCatalogue(): Promise<Result<readonly ModelCatalogueEntry[]>> {
    const source = this.options.catalogue;
    if (!isModelCatalogue(source)) return ok(withOfflineEntry(source));
    try {
      const loaded = await source.list();
      return loaded.success ? ok(withOfflineEntry(loaded.data)) : loaded;
    } catch (error) {
      this.options.logger.error('model catalogue failed to load', { error: String(error) });
      return fail(domainError('unexpected', 'The model catalogue could not be loaded'));
    }
  }
}

function* failedBeforeStart(modelId: string, code: string, message: string): Generator<ChatStreamEvent> {
  yield { type: 'error', modelId, code, message };
  yield { type: 'finish', modelId, usage: ZERO_USAGE, finishReason: 'error' };
}

/** Provider figures when given; otherwise the core's one estimate (token-estimate.ts), files included. */
function usageOf(reported: LanguageModelUsage | undefined, messages: readonly Message[], text: string, provider: ModelProvider): TokenUsage {
  return {
    inputTokens: reported?.inputTokens ?? estimatePromptTokens(messages, provider),
    outputTokens: reported?.outputTokens ?? estimateTokens(text),
  };
}

function toFinishReason(reason: FinishReason | undefined): 'stop' | 'length' | 'error' | 'other' {
  return reason === 'stop' || reason === 'length' || reason === 'error' ? reason : 'other';
}
