import type { ChatRequest, ChatStreamEvent, ModelInfo } from '../domain/chat.js';
import type { Result } from '../shared/result.js';

/**
 * AI models. On the server: the providers through the AI SDK plus the offline model. In the
 * browser: the app server's /api/models and /api/chat. A stream yields events tagged with their
 * model id; aborting `signal` ends every stream of the request.
 */
export interface ModelGateway {
  listModels(): Promise<Result<readonly ModelInfo[]>>;
  stream(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
}
