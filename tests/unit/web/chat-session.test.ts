// The chat on screen (web/client/features/chat/state/chat-session.ts) over the browser's use cases, with the
// in-memory ChatClient running the server's own chat use cases: what a user meets in their first minute of chat.
import { describe, expect, it } from 'vitest';
import { ChatSession } from '../../../web/client/features/chat/state/chat-session.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

async function signedInSession() {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const userId = world.userId as string;
  const granted = await world.deps.usageLedger.grantCredits({ userId, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
  if (!granted.success) throw new Error(granted.error.message);
  const started: string[] = [];
  const session = new ChatSession(world.useCases, { onConversationStarted: (id) => started.push(id) });
  const stored = async (conversationId: string) => {
    const listed = await world.deps.conversationStore.listMessages(userId, conversationId);
    if (!listed.success) throw new Error(listed.error.message);
    return listed.data;
  };
  return { world, session, started, stored };
}

const conversationOf = (outcome: { conversationId: string } | { error: unknown }): string => {
  if (!('conversationId' in outcome)) throw new Error(`run refused: ${JSON.stringify(outcome.error)}`);
  return outcome.conversationId;
};

describe('ChatSession', () => {
  it('a draft typed while the first answer streams survives the new chat becoming /chat/{id}', async () => {
    const { session, started } = await signedInSession();
    session.open(null);
    const running = session.send('How do tides work?', ['echo-basic']);
    session.setDraft('and what about the moon?');
    const id = conversationOf(await running);
    expect(started).toEqual([id]);
    // The route follows: opening the id the run started changes nothing on screen.
    session.open(id);
    expect(session.snapshot().conversationId).toBe(id);
    expect(session.draft()).toBe('and what about the moon?');
    expect(session.snapshot().messages?.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('a message sent right after an answer ends is sent, into the same conversation', async () => {
    const { session, stored } = await signedInSession();
    session.open(null);
    const id = conversationOf(await session.send('First question', ['echo-basic']));
    session.open(id);
    const second = await session.send('Second question', ['echo-basic']);
    expect(conversationOf(second)).toBe(id);
    expect((await stored(id)).map((m) => m.content.slice(0, 15))).toHaveLength(4);
  });

  it('the second answer of a chat is shown once, with the ids the server gave it', async () => {
    const { session, stored } = await signedInSession();
    session.open(null);
    const id = conversationOf(await session.send('One', ['echo-basic']));
    await session.send('Two', ['echo-basic']);
    const shown = session.snapshot();
    expect(shown.run).toBeNull();
    expect(shown.messages?.map((m) => m.id)).toEqual((await stored(id)).map((m) => m.id));
    expect(shown.messages?.filter((m) => m.role === 'assistant')).toHaveLength(2);
  });

  it('regenerate and edit-last leave exactly what the server has', async () => {
    const { session, stored } = await signedInSession();
    session.open(null);
    const id = conversationOf(await session.send('Tell me about owls', ['echo-basic', 'echo-swift']));
    await session.regenerate();
    expect(session.snapshot().messages?.map((m) => m.id)).toEqual((await stored(id)).map((m) => m.id));
    await session.editLast('Tell me about otters');
    const now = await stored(id);
    expect(now.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(now[0]?.modelIds).toEqual(['echo-basic', 'echo-swift']);
    expect(session.snapshot().messages?.map((m) => m.id)).toEqual(now.map((m) => m.id));
  });

  it('a refused message goes back to the composer and nothing is shown as sent', async () => {
    const { session } = await signedInSession();
    session.open(null);
    const outcome = await session.send('Hello', ['no-such-model']);
    expect('error' in outcome && outcome.error.code).toBe('not_found');
    expect(session.snapshot().messages).toEqual([]);
    expect(session.draft()).toBe('Hello');
  });

  it('refused for credits that running answers hold: the refusal on screen says how many are held', async () => {
    const { world, session } = await signedInSession();
    const userId = world.userId as string;
    const balance = await world.deps.usageLedger.getBalance(userId);
    if (!balance.success) throw new Error(balance.error.message);
    // Another answer (say, in another tab) holds all of it but one credit.
    const hold = await world.deps.usageLedger.holdCredits({ userId, amount: balance.data - 1, ttlSeconds: 60 });
    expect(hold.success).toBe(true);
    session.open(null);
    const outcome = await session.send('Hello', ['echo-basic', 'echo-swift']);
    expect('error' in outcome && outcome.error).toMatchObject({ code: 'insufficient_credits', held: balance.data - 1 });
    expect(session.snapshot().run?.answers.map((a) => a.error)).toEqual([
      expect.objectContaining({ code: 'insufficient_credits', held: balance.data - 1 }),
      expect.objectContaining({ code: 'insufficient_credits', held: balance.data - 1 }),
    ]);
  });

  it('Add to chat quotes into the draft of the conversation on screen', async () => {
    const { session } = await signedInSession();
    session.open(null);
    const id = conversationOf(await session.send('Name a colour', ['echo-basic']));
    session.setDraft('Compare this:');
    session.appendToDraft('> teal\n> — Echo\n\n');
    expect(session.draft(id)).toBe('Compare this:\n\n> teal\n> — Echo\n\n');
  });
});

describe('ChatSession: settings and merge', () => {
  it('a new chat keeps its settings until the first message takes them along; then they are the stored ones', async () => {
    const { world, session } = await signedInSession();
    session.open(null);
    const settings = { instruction: 'Answer as a ship’s log.', models: { 'echo-basic': { temperature: 0.1 } } };
    expect(await session.saveSettings(settings)).toBeNull();
    const id = conversationOf(await session.send('Wind today?', ['echo-basic']));
    const stored = await world.deps.conversationStore.getSettings(world.userId as string, id);
    expect(stored).toEqual({ success: true, data: settings });
    expect(session.snapshot().settings).toEqual(settings);
  });

  it('an opened conversation shows its stored settings; saving changes them on the server', async () => {
    const { world, session } = await signedInSession();
    session.open(null);
    const id = conversationOf(await session.send('Hello', ['echo-basic']));
    session.open(null);
    session.open(id);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(session.snapshot().settings).toEqual({ instruction: '', models: {} });
    expect(await session.saveSettings({ instruction: 'Be brief.', models: {} })).toBeNull();
    const stored = await world.deps.conversationStore.getSettings(world.userId as string, id);
    expect(stored.success && stored.data.instruction).toBe('Be brief.');
    const refused = await session.saveSettings({ instruction: '', models: { 'echo-basic': { temperature: 7 } } });
    expect(refused?.error.code).toBe('validation');
  });

  it('merge adds one merged column to the last turn; merging again replaces it', async () => {
    const { session, stored } = await signedInSession();
    session.open(null);
    const id = conversationOf(await session.send('Compare tides and waves', ['echo-basic', 'echo-swift']));
    conversationOf(await session.merge('echo-swift'));
    const merged = () => session.snapshot().messages?.filter((m) => m.mergedFrom) ?? [];
    expect(merged().map((m) => [m.modelId, m.mergedFrom])).toEqual([['echo-swift', ['echo-basic', 'echo-swift']]]);
    conversationOf(await session.merge('echo-basic'));
    expect(merged().map((m) => m.modelId)).toEqual(['echo-basic']);
    expect(session.snapshot().messages?.map((m) => m.id)).toEqual((await stored(id)).map((m) => m.id));
  });

  it('a merge refused by the server shows its reason in the merge column and leaves the turn as it was', async () => {
    const { session } = await signedInSession();
    session.open(null);
    conversationOf(await session.send('Only one model', ['echo-basic']));
    const before = session.snapshot().messages;
    const outcome = await session.merge('echo-basic');
    expect('error' in outcome && outcome.error.code).toBe('validation');
    expect(session.snapshot().messages).toEqual(before);
    expect(session.snapshot().run?.mergedFrom).toBeDefined();
  });
});

describe('ChatSession: versions and branches', () => {
  it('switching a version shows what the server stores; an earlier question edited hides what followed, a switch brings it back', async () => {
    const { session, stored } = await signedInSession();
    session.open(null);
    const id = conversationOf(await session.send('One', ['echo-basic']));
    await session.send('Two', ['echo-basic']);
    await session.send('Three', ['echo-basic']);
    const before = await stored(id);
    const two = before[2]!;
    conversationOf(await session.edit(two.id, 'Two, edited'));
    // The new branch: the first exchange, the edited question and its answer, nothing of Three.
    await expect.poll(() => session.snapshot().messages?.map((m) => m.content)).toEqual(['One', 'echo-basic heard: One', 'Two, edited', 'echo-basic heard: Two, edited']);
    await expect.poll(() => session.snapshot().messages?.[2]?.version).toEqual({ index: 2, count: 2 });
    const edited = session.snapshot().messages?.[2]?.id as string;
    conversationOf(await session.showVersion(edited, 1));
    expect(session.snapshot().messages?.map((m) => m.id)).toEqual(before.map((m) => m.id));
    expect((await stored(id)).map((m) => m.id)).toEqual(before.map((m) => m.id));
    // A search hit in the other branch opens it.
    await session.reveal(id, edited);
    expect(session.snapshot().messages?.[2]?.id).toBe(edited);
  });

  it('one column answered again keeps the other column on screen, each answer in its column', async () => {
    const { session, stored } = await signedInSession();
    session.open(null);
    const id = conversationOf(await session.send('Side by side', ['echo-basic', 'echo-swift']));
    const first = await stored(id);
    conversationOf(await session.regenerateColumn(1));
    await expect.poll(() => session.snapshot().messages?.map((m) => m.version?.index ?? 1)).toEqual([1, 1, 2]);
    expect(session.snapshot().messages?.[1]?.id).toBe(first[1]?.id);
    const shown = session.snapshot().messages ?? [];
    expect(shown.map((m) => [m.column ?? null, m.modelId])).toEqual([[null, null], [0, 'echo-basic'], [1, 'echo-swift']]);
  });
});
