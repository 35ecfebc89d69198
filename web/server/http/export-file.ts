import { CONVERSATIONS_EXPORT_FORMAT, type ConversationExport } from '../../../core/chat/index.js';
import type { Result } from '../../../core/shared/index.js';

/**
 * A user's conversations as one JSON file, written as the entries are read: the format line, then each
 * conversation, so a long history is never held whole. The first entry is read by the caller before it
 * answers (a store that cannot be read is an error status, not a broken file); a failure after that
 * errors the stream, so the download fails instead of saving a file that lacks conversations.
 */
export function exportFileBody(
  first: IteratorResult<Result<ConversationExport>>,
  rest: AsyncIterator<Result<ConversationExport>>,
  exportedAt: Date,
  onFailure: (message: string) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* parts(): AsyncGenerator<string> {
    yield `${JSON.stringify({ ...CONVERSATIONS_EXPORT_FORMAT, exportedAt: exportedAt.toISOString() }).slice(0, -1)},"conversations":[`;
    let item = first;
    for (let n = 0; !item.done; n += 1) {
      if (!item.value.success) throw new Error(`The export stopped: ${item.value.error.message}`);
      yield `${n > 0 ? ',' : ''}\n${JSON.stringify(item.value.data)}`;
      item = await rest.next();
    }
    yield '\n]}\n';
  }
  const source = parts();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await source.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        onFailure(error instanceof Error ? error.message : String(error));
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
      await rest.return?.();
    },
  });
}
