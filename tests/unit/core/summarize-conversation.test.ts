import { describe, expect, it } from 'vitest';
import { IN_MEMORY_MODELS } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import { InMemoryChatClient } from '../../../adapters/in-memory/in-memory-chat-client.js';
import type { ModelInfo } from '../../../core/chat/index.js';
import { DEFAULT_CONTEXT, makeRunChat, makeSummarizeChatConversation, makeSummarizeConversation, promptTokensOf, sendHoldOf, SUMMARY_REQUEST, summaryTitle, weightOf } from '../../../core/chat/index.js';
import { inMemoryAppWorld, readAll, type InMemoryAppWorld } from '../../support/in-memory-app-world.js';

const model = (id: string): ModelInfo => IN_MEMORY_MODELS.find((m) => m.id === id) as ModelInfo;
const ran = <T>(r: { success: true; data: T } | { success: false; error: { code: string; message: string } }): T => {
  if (!r.success) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return r.data;
};
const codeOf = (r: { success: boolean; error?: { code: string } }) => (r.success ? 'ran' : r.error?.code);
const QUESTION = 'Summary of “Harbour plans” to continue from';

/** A user with a conversation of `turns` turns (the last one side by side), and what it took to write it. */
const withConversation = async (options: { models?: readonly ModelInfo[]; credits?: number; turns?: number } = {}) => {
  const w = inMemoryAppWorld(options.models ? { models: options.models } : {});
  const userId = w.signIn();
  await w.fund(userId, options.credits ?? 100_000);
  const runChat = makeRunChat(w);
  let conversationId: string | undefined;
  const turns = options.turns ?? 3;
  for (let i = 1; i <= turns; i += 1) {
    const modelIds = i === turns ? ['echo-basic', 'echo-swift'] : ['echo-basic'];
    const run = ran(await runChat({ ...(conversationId ? { conversationId } : {}), message: `Question ${i} about the harbour ${'and its tides '.repeat(20)}`, modelIds }));
    await readAll(run.events);
    await run.settled;
    conversationId = run.conversationId;
  }
  w.modelGateway.requests.length = 0;
  return { w, userId, conversationId: conversationId as string, summarize: makeSummarizeConversation(w) };
};

const conversationsOf = async (w: InMemoryAppWorld, userId: string) => ran(await w.conversationStore.listConversations(userId));

describe('a new conversation from a summary of a long one', () => {
  it('opens a new conversation with the question and the chosen model’s summary as its first answer, charged like any answer; the old one is unchanged', async () => {
    const { w, userId, conversationId, summarize } = await withConversation();
    const old = ran(await w.conversationStore.listMessages(userId, conversationId));
    const oldTitle = ran(await w.conversationStore.getConversation(userId, conversationId))?.title ?? '';
    const before = ran(await w.usageLedger.getBalance(userId));

    const run = ran(await summarize({ conversationId, modelId: 'echo-swift', message: QUESTION }));
    expect(run.conversationId).not.toBe(conversationId);
    expect(run.modelIds).toEqual(['echo-swift']);
    const events = await readAll(run.events);
    const [answer] = await run.settled;
    expect(events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : '')).join('')).toContain(SUMMARY_REQUEST.slice(0, 40));

    const created = ran(await w.conversationStore.getConversation(userId, run.conversationId));
    expect(created?.title).toBe(summaryTitle(oldTitle));
    const messages = ran(await w.conversationStore.listMessages(userId, run.conversationId));
    expect(messages.map((m) => [m.role, m.modelId])).toEqual([['user', 'echo-swift'], ['assistant', 'echo-swift']]);
    expect(messages[0]?.content).toBe(QUESTION);
    expect(messages[1]?.parentId).toBe(messages[0]?.id);
    expect(messages[1]?.id).toBe(answer?.messageId);
    // Charged once, for what the answer read and wrote, and the figure is stored with it.
    expect(answer?.creditsCharged).toBeGreaterThan(0);
    expect(messages[1]?.creditsCharged).toBe(answer?.creditsCharged);
    expect(ran(await w.usageLedger.getBalance(userId))).toBe(before - (answer?.creditsCharged ?? 0));
    // The old conversation keeps every message, and can be written to again.
    expect(ran(await w.conversationStore.listMessages(userId, conversationId))).toEqual(old);
    const next = ran(await makeRunChat(w)({ conversationId, message: 'one more', modelIds: ['echo-basic'] }));
    await readAll(next.events);
  });

  it('the model reads its own side of the old visible path, then the summary request; the hold counts exactly that prompt', async () => {
    const { w, userId, conversationId, summarize } = await withConversation();
    const old = ran(await w.conversationStore.listMessages(userId, conversationId));
    const run = ran(await summarize({ conversationId, modelId: 'echo-basic', message: QUESTION }));
    await readAll(run.events);
    const request = w.modelGateway.requests.at(-1);
    const ownSide = old.filter((m) => m.role === 'user' || m.modelId === 'echo-basic').map((m) => ({ role: m.role, content: m.content }));
    expect(request?.modelIds).toEqual(['echo-basic']);
    expect(request?.conversationId).toBe(run.conversationId);
    expect(request?.messages.map((m) => ({ role: m.role, content: m.content }))).toEqual([...ownSide, { role: 'user', content: SUMMARY_REQUEST }]);
    // The visible question is the user's, never sent to the model.
    expect(request?.messages.some((m) => m.content === QUESTION)).toBe(false);

    // Exactly that prompt is held (the one rule of a send's hold, the whole history, the request as
    // its message): one credit short of it is refused with that figure.
    const required = sendHoldOf(old.map(weightOf), '', SUMMARY_REQUEST, [], [model('echo-basic')], { instruction: '', models: {}, context: DEFAULT_CONTEXT }).total;
    expect(required).toBeGreaterThan(sendHoldOf([], '', SUMMARY_REQUEST, [], [model('echo-basic')], undefined).total);
    const balance = ran(await w.usageLedger.getBalance(userId));
    ran(await w.usageLedger.holdCredits({ userId, amount: balance - (required - 1), ttlSeconds: 600 }));
    const refused = await summarize({ conversationId, modelId: 'echo-basic', message: QUESTION });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'insufficient_credits', details: expect.objectContaining({ required }) }) });
  });

  it('a long history is bounded by the model’s window: the oldest turns are left out, whole, and the request is kept', async () => {
    const small = { ...model('echo-basic'), contextWindow: 700, maxOutputTokens: 200 };
    const { w, userId, conversationId, summarize } = await withConversation({ models: [small, model('echo-swift')], turns: 8 });
    const old = ran(await w.conversationStore.listMessages(userId, conversationId));
    await readAll(ran(await summarize({ conversationId, modelId: 'echo-basic', message: QUESTION })).events);
    const sent = w.modelGateway.requests.at(-1)?.messages ?? [];
    expect(sent.at(-1)).toMatchObject({ role: 'user', content: SUMMARY_REQUEST });
    const history = sent.slice(0, -1);
    const ownSide = old.filter((m) => m.role === 'user' || m.modelId === 'echo-basic').map((m) => m.content);
    // Some turns left out, the latest kept, starting with a question, in order: a tail of the path.
    expect(history.length).toBeGreaterThan(1);
    expect(history.length).toBeLessThan(ownSide.length);
    expect(history[0]?.role).toBe('user');
    expect(history.map((m) => m.content)).toEqual(ownSide.slice(ownSide.length - history.length));
    // Within the window beside the longest answer.
    expect(promptTokensOf({ instruction: '', models: {} }, sent.map((m) => m.content))).toBeLessThanOrEqual(700 - 200);
  });

  it('the new conversation keeps the old one’s settings; the summary is asked with them, but reads the whole history whatever its context setting', async () => {
    const { w, userId, conversationId, summarize } = await withConversation({ turns: 4 });
    const settings = { instruction: 'Answer as a harbour master.', models: { 'echo-basic': { temperature: 0.3 } }, context: { mode: 'recent' as const, messages: 2 } };
    ran(await w.conversationStore.saveSettings(userId, conversationId, settings));
    const old = ran(await w.conversationStore.listMessages(userId, conversationId));
    const run = ran(await summarize({ conversationId, modelId: 'echo-basic', message: QUESTION }));
    await readAll(run.events);
    expect(ran(await w.conversationStore.getSettings(userId, run.conversationId))).toMatchObject(settings);
    const request = w.modelGateway.requests.at(-1);
    expect(request).toMatchObject({ instruction: settings.instruction, settings: { 'echo-basic': { temperature: 0.3 } } });
    const ownSide = old.filter((m) => m.role === 'user' || m.modelId === 'echo-basic');
    expect(request?.messages).toHaveLength(ownSide.length + 1);
  });

  it('another user’s conversation is not_found: nothing is created, asked or charged for either user', async () => {
    const { w, userId: owner, conversationId } = await withConversation();
    const ownerBalance = ran(await w.usageLedger.getBalance(owner));
    const intruder = w.signIn('mallory@example.com');
    await w.fund(intruder, 10_000);
    const refused = await makeSummarizeConversation(w)({ conversationId, modelId: 'echo-basic', message: QUESTION });
    expect(codeOf(refused)).toBe('not_found');
    expect(await conversationsOf(w, intruder)).toEqual([]);
    expect(await conversationsOf(w, owner)).toHaveLength(1);
    expect(w.modelGateway.requests).toEqual([]);
    expect(ran(await w.usageLedger.getBalance(intruder))).toBe(10_000);
    expect(ran(await w.usageLedger.getBalance(owner))).toBe(ownerBalance);
    // A conversation that exists nowhere reads the same.
    expect(codeOf(await makeSummarizeConversation(w)({ conversationId: 'no-such-conversation', modelId: 'echo-basic', message: QUESTION }))).toBe('not_found');
  });

  it('a model that cannot be used is refused before anything is created: unknown, unavailable, or paid without a subscription', async () => {
    const { w, userId, conversationId, summarize } = await withConversation();
    const before = await conversationsOf(w, userId);
    const balance = ran(await w.usageLedger.getBalance(userId));
    expect(codeOf(await summarize({ conversationId, modelId: 'no-such-model', message: QUESTION }))).toBe('not_found');
    expect(codeOf(await summarize({ conversationId, modelId: 'echo-unconfigured', message: QUESTION }))).toBe('model_unavailable');
    expect(codeOf(await summarize({ conversationId, modelId: 'echo-pro', message: QUESTION }))).toBe('forbidden');
    expect(await conversationsOf(w, userId)).toEqual(before);
    expect(w.modelGateway.requests).toEqual([]);
    expect(ran(await w.usageLedger.getBalance(userId))).toBe(balance);
    // A subscriber may use the paid model.
    await w.subscribe(userId);
    await readAll(ran(await summarize({ conversationId, modelId: 'echo-pro', message: QUESTION })).events);
    expect(await conversationsOf(w, userId)).toHaveLength(before.length + 1);
  });

  it('short of credits or past the monthly cap: refused as a send is, nothing created or held', async () => {
    const { w, userId, conversationId, summarize } = await withConversation();
    const before = await conversationsOf(w, userId);
    const balance = ran(await w.usageLedger.getBalance(userId));
    const hold = ran(await w.usageLedger.holdCredits({ userId, amount: balance, ttlSeconds: 600 }));
    const short = await summarize({ conversationId, modelId: 'echo-basic', message: QUESTION });
    expect(short).toEqual({ success: false, error: expect.objectContaining({ code: 'insufficient_credits', details: expect.objectContaining({ balance, held: balance }) }) });
    ran(await w.usageLedger.releaseHold({ holdId: hold.id, userId }));

    const spent = ran(await w.usageLedger.getSpendingCap(userId)).spent;
    ran(await w.usageLedger.setSpendingCap({ userId, cap: spent + 1 }));
    const capped = await summarize({ conversationId, modelId: 'echo-basic', message: QUESTION });
    expect(capped).toEqual({ success: false, error: expect.objectContaining({ code: 'spending_cap_reached', details: expect.objectContaining({ cap: spent + 1, spent, remaining: 1 }) }) });
    expect(await conversationsOf(w, userId)).toEqual(before);
    expect(w.modelGateway.requests).toEqual([]);
    expect(ran(await w.usageLedger.getBalance(userId))).toBe(balance);
  });

  it('while the old conversation is being answered: conversation_busy, nothing created', async () => {
    const { w, userId, conversationId, summarize } = await withConversation();
    const before = await conversationsOf(w, userId);
    const running = ran(await makeRunChat(w)({ conversationId, message: 'still talking', modelIds: ['echo-basic'] }));
    expect(codeOf(await summarize({ conversationId, modelId: 'echo-basic', message: QUESTION }))).toBe('conversation_busy');
    await readAll(running.events);
    await running.settled;
    expect(await conversationsOf(w, userId)).toEqual(before);
  });

  it('bad input and a conversation without answers are refused, naming what is wrong', async () => {
    const { w, userId, conversationId, summarize } = await withConversation();
    const bad = [
      { conversationId, modelId: '', message: QUESTION },
      { conversationId, modelId: 'echo-basic', message: '   ' },
      { conversationId, modelId: 'echo-basic', message: 'x'.repeat(32_001) },
      { conversationId: '', modelId: 'echo-basic', message: QUESTION },
    ];
    for (const input of bad) expect(codeOf(await summarize(input))).toBe('validation');
    const empty = ran(await w.conversationStore.createConversation(userId, 'Nothing yet'));
    const refused = await summarize({ conversationId: empty.id, modelId: 'echo-basic', message: QUESTION });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: expect.stringContaining('nothing to summarise') }) });
    expect(w.modelGateway.requests).toEqual([]);
  });

  it('in the browser: the same input rules, then one call to the chat client; the handle names the new conversation', async () => {
    const { w, userId, conversationId } = await withConversation();
    const start = makeSummarizeChatConversation({ currentUser: w.currentUser, chatClient: new InMemoryChatClient(w) });
    expect(codeOf(await start({ conversationId, modelId: 'echo-basic', message: '' }))).toBe('validation');
    expect(w.modelGateway.requests).toEqual([]);
    const handle = ran(await start({ conversationId, modelId: 'echo-basic', message: QUESTION }));
    expect(handle.conversationId).not.toBe(conversationId);
    const events = await readAll(handle.events);
    expect(events.at(-1)).toMatchObject({ type: 'done', answers: [{ modelId: 'echo-basic', finishReason: 'stop' }] });
    const messages = ran(await w.conversationStore.listMessages(userId, handle.conversationId));
    expect(messages[0]).toMatchObject({ id: handle.userMessageId, content: QUESTION });
  });
});

describe('summaryTitle', () => {
  it('names the new conversation after the old one, within the title limit', () => {
    expect(summaryTitle('Harbour  plans')).toBe('Summary: Harbour plans');
    const long = summaryTitle('a'.repeat(200));
    expect(long).toHaveLength(120);
    expect(long.endsWith('…')).toBe(true);
  });
});
