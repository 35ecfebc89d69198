import type { ChatRequest, ChatStreamEvent } from '../../core/domain/chat.js';
import type { ApiModelGateway } from '../app-api/api-model-gateway.js';

const PATHS = { message: '/api/chat', regenerate: '/api/chat/regenerate', 'edit-last': '/api/chat/edit-last' } as const;

/**
 * One chat request to the app server for what the use case meant: a new message, answering the last
 * one again, or replacing it. The server keeps the conversation, so only the new text (if any), the
 * conversation and the models travel; the stream is read by ApiModelGateway.streamFrom.
 */
export function streamChatEndpoint(gateway: ApiModelGateway, intent: keyof typeof PATHS, request: ChatRequest): AsyncIterable<ChatStreamEvent> {
  const modelIds = [...request.modelIds];
  const message = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const body =
    intent === 'regenerate'
      ? { conversationId: request.conversationId, modelIds }
      : { message, modelIds, ...(request.conversationId ? { conversationId: request.conversationId } : {}) };
  return gateway.streamFrom(PATHS[intent], body, modelIds, request.signal);
}
