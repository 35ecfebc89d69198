// An answer the user stopped says so: the saved message is marked stopped (the whole run stopped, or
// one column alone), charged for what it wrote; an answer that ends by itself is not; a shared link
// tells its visitor the same.
import { describe, expect, it } from 'vitest';
import { InMemoryConversationShares } from '../../../adapters/in-memory/in-memory-conversation-shares.js';
import { makeOpenSharedConversation, makeRunChat, type ChatMessage, type ChatStreamEvent } from '../../../core/chat/index.js';
import { inMemoryAppWorld, readAll, type InMemoryAppWorld } from '../../support/in-memory-app-world.js';

const funded = async () => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  await w.fund(userId, 1000);
  return { w, userId, runChat: makeRunChat(w) };
};

const answersOf = async (w: InMemoryAppWorld, userId: string, conversationId: string): Promise<ChatMessage[]> => {
  const saved = await w.conversationStore.listMessages(userId, conversationId);
  if (!saved.success) throw new Error(saved.error.message);
  return saved.data.filter((m) => m.role === 'assistant');
};

const balanceOf = async (w: InMemoryAppWorld, userId: string) => {
  const balance = await w.usageLedger.getBalance(userId);
  if (!balance.success) throw new Error(balance.error.message);
  return balance.data;
};

describe('a stopped answer', () => {
  it('stopping the run saves the answer as stopped, with what it wrote, charged for it', async () => {
    const { w, userId, runChat } = await funded();
    const controller = new AbortController();
    const run = await runChat({ message: 'count one two three four five six seven eight', modelIds: ['echo-basic'], signal: controller.signal });
    if (!run.success) throw new Error(run.error.message);
    const shown: string[] = [];
    for await (const event of run.data.events) {
      if (event.type !== 'delta') continue;
      shown.push(event.text);
      if (shown.length === 3) controller.abort();
    }
    const [settled] = await run.data.settled;
    expect(settled?.finishReason).toBe('aborted');
    expect(settled?.creditsCharged).toBeGreaterThan(0);
    const [answer] = await answersOf(w, userId, run.data.conversationId);
    expect(answer).toMatchObject({ content: shown.join(''), stopped: true, creditsCharged: settled?.creditsCharged, id: settled?.messageId });
    expect(await balanceOf(w, userId)).toBe(1000 - (settled?.creditsCharged ?? 0));
  });

  it('stopping one column marks that answer alone; the one that ended by itself is not stopped', async () => {
    const { w, userId, runChat } = await funded();
    const run = await runChat({ message: 'Tell me about the seven seas and every current that crosses them', modelIds: ['echo-basic', 'echo-swift'] });
    if (!run.success) throw new Error(run.error.message);
    let asked = false;
    for await (const event of run.data.events) {
      if (event.type === 'delta' && event.modelId === 'echo-basic' && !asked) {
        asked = true;
        run.data.stopModel?.('echo-basic');
      }
    }
    const settled = await run.data.settled;
    const answers = await answersOf(w, userId, run.data.conversationId);
    const basic = answers.find((m) => m.modelId === 'echo-basic');
    const swift = answers.find((m) => m.modelId === 'echo-swift');
    expect(basic?.stopped).toBe(true);
    expect(basic?.creditsCharged).toBe(settled.find((a) => a.modelId === 'echo-basic')?.creditsCharged);
    expect(basic?.creditsCharged).toBeGreaterThan(0);
    expect(swift?.stopped).toBeUndefined();
    expect(swift?.content).toBe('echo-swift heard: Tell me about the seven seas and every current that crosses them');
  });

  it('an answer read to its end is not marked stopped', async () => {
    const { w, userId, runChat } = await funded();
    const run = await runChat({ message: 'a short question', modelIds: ['echo-basic'] });
    if (!run.success) throw new Error(run.error.message);
    const events: ChatStreamEvent[] = await readAll(run.data.events);
    expect(events.find((e) => e.type === 'finish')).toMatchObject({ finishReason: 'stop' });
    const [answer] = await answersOf(w, userId, run.data.conversationId);
    expect(answer?.stopped).toBeUndefined();
  });

  it('a shared link says which answer was stopped', async () => {
    const { w, userId, runChat } = await funded();
    const controller = new AbortController();
    const run = await runChat({ message: 'one two three four five six seven', modelIds: ['echo-basic'], signal: controller.signal });
    if (!run.success) throw new Error(run.error.message);
    let deltas = 0;
    for await (const event of run.data.events) if (event.type === 'delta' && (deltas += 1) === 2) controller.abort();
    await run.data.settled;
    const shares = new InMemoryConversationShares(w.conversationStore, { clock: w.clock });
    const share = await shares.shareConversation(userId, run.data.conversationId);
    if (!share.success) throw new Error(share.error.message);
    const opened = await makeOpenSharedConversation({ conversationShares: shares, conversationLibrary: w.conversationStore })({ token: share.data.token });
    if (!opened.success) throw new Error(opened.error.message);
    expect(opened.data.messages.map((m) => [m.role, m.stopped ?? false])).toEqual([['user', false], ['assistant', true]]);
  });
});
