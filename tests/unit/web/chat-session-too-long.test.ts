// A model's refusal of what it was sent as longer than it reads at once (context_too_long), as the
// chat on screen names it: the conversation's first question alone, the conversation to summarise, the
// answers to merge, or (by default) the conversation. Over the browser's use cases, with the in-memory
// ChatClient running the server's own use cases and the in-memory models failing as programmed.
import { describe, expect, it } from 'vitest';
import type { InMemoryModelGateway } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import { ChatSession } from '../../../web/client/features/chat/state/chat-session.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

async function signedInSession() {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const granted = await world.deps.usageLedger.grantCredits({ userId: world.userId as string, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
  if (!granted.success) throw new Error(granted.error.message);
  const models = world.deps.modelGateway as InMemoryModelGateway;
  const refuseNext = (modelId: string) => models.failStream(modelId, { afterTokens: 0, code: 'context_too_long', message: 'The prompt is too long for this model' });
  return { session: new ChatSession(world.useCases), refuseNext, models };
}

const conversationOf = (outcome: { conversationId: string } | { error: unknown }): string => {
  if (!('conversationId' in outcome)) throw new Error(`run refused: ${JSON.stringify(outcome.error)}`);
  return outcome.conversationId;
};
const errorsOf = (session: ChatSession) => session.snapshot().run?.answers.map((a) => a.error) ?? [];

describe('ChatSession: what a refusal as too long was about', () => {
  it('the first question of a conversation: the message alone was too long, also when it is asked again', async () => {
    const { session, refuseNext } = await signedInSession();
    session.open(null);
    refuseNext('echo-swift');
    conversationOf(await session.send('A very long paste', ['echo-basic', 'echo-swift']));
    expect(errorsOf(session)).toEqual([{ code: 'context_too_long', message: 'The prompt is too long for this model', context: 'message' }]);
    refuseNext('echo-swift');
    conversationOf(await session.regenerateColumn(1, 'echo-swift'));
    expect(errorsOf(session)).toMatchObject([{ code: 'context_too_long', context: 'message' }]);
  });

  it('a later question: the conversation was too long (no context named)', async () => {
    const { session, refuseNext } = await signedInSession();
    session.open(null);
    conversationOf(await session.send('First', ['echo-basic']));
    refuseNext('echo-basic');
    conversationOf(await session.send('Second', ['echo-basic']));
    expect(errorsOf(session)).toEqual([{ code: 'context_too_long', message: 'The prompt is too long for this model' }]);
  });

  it('a summary: the conversation to summarise was too long', async () => {
    const { session, refuseNext } = await signedInSession();
    session.open(null);
    conversationOf(await session.send('How do tides work?', ['echo-basic']));
    refuseNext('echo-basic');
    conversationOf(await session.summarize('echo-basic', 'Summary to continue from'));
    expect(errorsOf(session)).toMatchObject([{ code: 'context_too_long', context: 'summary' }]);
  });

  it('a merge: the answers to merge were too long', async () => {
    const { session, refuseNext } = await signedInSession();
    session.open(null);
    conversationOf(await session.send('Compare tides and waves', ['echo-basic', 'echo-swift']));
    refuseNext('echo-swift');
    conversationOf(await session.merge('echo-swift'));
    expect(errorsOf(session)).toMatchObject([{ code: 'context_too_long', context: 'merge' }]);
  });

  it('another error of a first question names nothing', async () => {
    const { session, models } = await signedInSession();
    models.failStream('echo-basic', { afterTokens: 0, code: 'rate_limited', message: 'Slow down' });
    session.open(null);
    conversationOf(await session.send('Hello', ['echo-basic']));
    expect(errorsOf(session)).toEqual([{ code: 'rate_limited', message: 'Slow down' }]);
  });
});
