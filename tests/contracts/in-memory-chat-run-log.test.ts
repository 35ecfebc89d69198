import { randomUUID } from 'node:crypto';
import { InMemoryChatRunLog } from '../../adapters/in-memory/in-memory-chat-run-log.js';
import { chatRunLogContract } from './chat-run-log.contract.js';

// One process: the peer is the same log.
chatRunLogContract('InMemoryChatRunLog', async () => {
  const log = new InMemoryChatRunLog();
  return {
    log,
    peer: log,
    newRun: async () => ({ userId: randomUUID(), conversationId: randomUUID(), userMessageId: randomUUID(), modelIds: ['model-a', 'model-b'] }),
  };
});
