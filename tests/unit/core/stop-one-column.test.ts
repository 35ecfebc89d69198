// One column of a side-by-side answer stopped while the others go on (ChatRun.stopModel, and the
// relay's stop with a model): the stopped answer ends as aborted, saved and charged for what it wrote.
import { describe, expect, it } from 'vitest';
import { makeRunChat } from '../../../core/chat/index.js';
import type { ChatStreamEvent } from '../../../core/chat/index.js';
import { inMemoryAppWorld } from '../../support/in-memory-app-world.js';

describe('stopping one column', () => {
  it('stops that model alone: its answer ends aborted and is saved and charged for what it wrote; the other answers to its end', async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    await w.fund(userId, 1000);
    const message = 'Tell me about the seven seas and every ocean current that crosses them in turn';
    const run = await makeRunChat(w)({ message, modelIds: ['echo-basic', 'echo-swift'] });
    if (!run.success) throw new Error(run.error.message);
    const finishes: Extract<ChatStreamEvent, { type: 'finish' }>[] = [];
    let stopped = false;
    for await (const event of run.data.events) {
      if (event.type === 'delta' && event.modelId === 'echo-basic' && !stopped) {
        stopped = true;
        run.data.stopModel?.('echo-basic');
      }
      if (event.type === 'finish') finishes.push(event);
    }
    expect(Object.fromEntries(finishes.map((f) => [f.modelId, f.finishReason]))).toEqual({ 'echo-basic': 'aborted', 'echo-swift': 'stop' });
    const answers = await run.data.settled;
    const basic = answers.find((a) => a.modelId === 'echo-basic');
    const swift = answers.find((a) => a.modelId === 'echo-swift');
    expect(basic?.creditsCharged).toBeGreaterThan(0);
    const saved = await w.conversationStore.listMessages(userId, run.data.conversationId);
    if (!saved.success) throw new Error(saved.error.message);
    const text = (id: string) => saved.data.find((m) => m.modelId === id && m.role === 'assistant')?.content ?? '';
    expect(text('echo-swift')).toBe(`echo-swift heard: ${message}`);
    expect(text('echo-basic').length).toBeGreaterThan(0);
    expect(text('echo-basic').length).toBeLessThan(`echo-basic heard: ${message}`.length);
    expect(swift?.finishReason).toBe('stop');
  });
});
