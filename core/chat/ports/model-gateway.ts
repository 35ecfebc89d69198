import type { ChatRequest, ChatStreamEvent, ModelInfo } from '../domain/chat.js';
import type { Result } from '../../shared/index.js';

/** The model catalogue with prices, plans and availability (the browser reads it through /api/models). */
export interface ModelDirectory {
  listModels(): Promise<Result<readonly ModelInfo[]>>;
}

/**
 * AI models, server side: the providers through the AI SDK plus the offline model. A stream yields
 * events tagged with their model id; aborting `signal` ends every stream of the request.
 */
export interface ModelGateway extends ModelDirectory {
  stream(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
}
