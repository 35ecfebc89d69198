import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleStandIn, startProviderStandIn, type FirstPartyProvider, type ProviderStandIn } from '@ensemble/model-provider-stand-ins';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import { makeRunChat, SUMMARY_HEADING, type ContextPolicy, type ConversationSettings } from '../../../core/chat/index.js';
import { inMemoryAppWorld, readAll } from '../../support/in-memory-app-world.js';
import { catalogueEntry } from './model-test-kit.js';

/**
 * What each provider receives of a side-by-side conversation's history under the conversation's
 * context setting and the model's window: the chat use case runs with the real model adapters (the AI
 * SDK provider packages) against local stand-ins of OpenAI, Anthropic, Google and an OpenAI-compatible
 * endpoint, and the tests read the messages in the request bodies they recorded.
 */

type Compatible = Awaited<ReturnType<typeof startOpenAiCompatibleStandIn>>;
type Provider = FirstPartyProvider | 'openai-compatible';
const MODELS: Record<Provider, string> = { openai: 'gpt-4o-mini', anthropic: 'claude-sonnet-4-5', google: 'gemini-2.5-flash', 'openai-compatible': 'llama-local' };
const PROVIDERS = Object.keys(MODELS) as Provider[];
const IDS = PROVIDERS.map((p) => MODELS[p]);
/** Every model's window: the short conversations fit whole, the long one does not. */
const WINDOW = 6000;

const standIns = new Map<FirstPartyProvider, ProviderStandIn>();
let compatible: Compatible;
beforeAll(async () => {
  for (const provider of ['openai', 'anthropic', 'google'] as const) standIns.set(provider, await startProviderStandIn(provider));
  compatible = await startOpenAiCompatibleStandIn();
});
afterAll(async () => {
  await Promise.all([...standIns.values()].map((s) => s.close()));
  await compatible?.close();
});

/** One message as the provider received it: its role in the product's words, and its text. */
interface WireMessage {
  readonly role: string;
  readonly text: string;
}
type Body = Record<string, unknown>;
const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : (content as { text?: string }[]).map((part) => part.text ?? '').join('');
const systemFirst = (system: string | undefined, rest: WireMessage[]): WireMessage[] => (system === undefined ? rest : [{ role: 'system', text: system }, ...rest]);

/** Each provider's wire format, read back into one list of messages (the system slot first). */
const WIRE: Record<Provider, (body: Body) => WireMessage[]> = {
  // Responses API: `input` items, the instruction as the first with the system role.
  openai: (body) => (body['input'] as { role: string; content: unknown }[]).map((item) => ({ role: item.role, text: textOf(item.content) })),
  // Messages API: a top-level `system` list of text blocks, then `messages`.
  anthropic: (body) =>
    systemFirst(
      (body['system'] as { text: string }[] | undefined)?.map((b) => b.text).join(''),
      (body['messages'] as { role: string; content: unknown }[]).map((m) => ({ role: m.role, text: textOf(m.content) })),
    ),
  // Gemini: `systemInstruction.parts`, then `contents` whose answers have the role `model`.
  google: (body) =>
    systemFirst(
      (body['systemInstruction'] as { parts: { text: string }[] } | undefined)?.parts.map((p) => p.text).join(''),
      (body['contents'] as { role: string; parts: { text?: string }[] }[]).map((c) => ({ role: c.role === 'model' ? 'assistant' : c.role, text: textOf(c.parts) })),
    ),
  // Chat completions: `messages`, the instruction first with the system role.
  'openai-compatible': (body) => (body['messages'] as { role: string; content: unknown }[]).map((m) => ({ role: m.role, text: textOf(m.content) })),
};

const lastBody = (provider: Provider): Body =>
  (provider === 'openai-compatible' ? compatible.requests.at(-1)?.body : standIns.get(provider)?.requests.at(-1)?.body) as unknown as Body;
const received = (provider: Provider) => WIRE[provider](lastBody(provider));

const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** A signed-in user with credits, and the chat use case on the real model adapters (one gateway, four providers). */
const world = async () => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  await w.fund(userId, 1_000_000);
  const [openai, anthropic, google] = (['openai', 'anthropic', 'google'] as const).map((p) => standIns.get(p) as ProviderStandIn);
  const gateway = createModelGateway({
    env: {
      OPENAI_API_KEY: openai?.apiKey, OPENAI_BASE_URL: openai?.baseUrl,
      ANTHROPIC_API_KEY: anthropic?.apiKey, ANTHROPIC_BASE_URL: anthropic?.baseUrl,
      GOOGLE_GENERATIVE_AI_API_KEY: google?.apiKey, GOOGLE_GENERATIVE_AI_BASE_URL: google?.baseUrl,
      OPENAI_COMPATIBLE_BASE_URL: compatible.baseUrl, OPENAI_COMPATIBLE_MODELS: MODELS['openai-compatible'],
    },
    catalogue: PROVIDERS.map((p) => catalogueEntry(MODELS[p], p, { plan: 'free', contextWindow: WINDOW })),
    logger: quiet,
    maxRetries: 0,
  });
  if (!gateway.success) throw new Error(gateway.error.message);
  const runChat = makeRunChat({ ...w, modelGateway: gateway.data });
  return { w, userId, runChat };
};

/** The text of turn `turn`'s question, and of the answer `modelId` wrote to it (each `words` long). */
const question = (turn: number, words: number) => `Question ${turn}: ${'tell me more '.repeat(words).trim()}`;
const answer = (turn: number, modelId: string, words: number) => `Answer ${turn} of ${modelId}: ${'here is more '.repeat(words).trim()}`;

/** A conversation of `turns` side-by-side turns, each question answered by every model in its column. */
const seeded = async (w: Awaited<ReturnType<typeof world>>['w'], userId: string, turns: number, words: number, settings: ConversationSettings) => {
  const created = await w.conversationStore.createConversation(userId, 'Long');
  if (!created.success) throw new Error(created.error.message);
  const conversationId = created.data.id;
  let parentId: string | null = null;
  for (let turn = 1; turn <= turns; turn += 1) {
    const asked = await w.conversationStore.appendMessage(userId, conversationId, {
      role: 'user', content: question(turn, words), modelId: null, modelIds: IDS, parentId, inputTokens: null, outputTokens: null,
    });
    if (!asked.success) throw new Error(asked.error.message);
    parentId = asked.data.id;
    for (const [column, modelId] of IDS.entries()) {
      const answered = await w.conversationStore.appendMessage(userId, conversationId, {
        role: 'assistant', content: answer(turn, modelId, words), modelId, parentId, column, inputTokens: 1, outputTokens: 1,
      });
      if (!answered.success) throw new Error(answered.error.message);
    }
  }
  const saved = await w.conversationStore.saveSettings(userId, conversationId, settings);
  if (!saved.success) throw new Error(saved.error.message);
  return conversationId;
};

/** Sends `message` to the four models of a conversation and reads the answers to their end. */
const send = async (runChat: Awaited<ReturnType<typeof world>>['runChat'], conversationId: string, message: string) => {
  const run = await runChat({ conversationId, message, modelIds: IDS });
  if (!run.success) throw new Error(run.error.message);
  await readAll(run.data.events);
  const answers = await run.data.settled;
  // Answered to their end (the in-memory ledger prices its own models only, so the charge is not looked at here).
  expect(answers.map((a) => a.finishReason)).toEqual(IDS.map(() => 'stop'));
};

const user = (text: string): WireMessage => ({ role: 'user', text });
const assistant = (text: string): WireMessage => ({ role: 'assistant', text });
/** Turns `from`..`to` of one model's side: each question and that model's own answer, nothing of the other columns. */
const ownTurns = (modelId: string, from: number, to: number, words: number): WireMessage[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i).flatMap((turn) => [user(question(turn, words)), assistant(answer(turn, modelId, words))]);

const NEW = 'And in one line?';
const policy = (context: ContextPolicy, change: Partial<ConversationSettings> = {}): ConversationSettings => ({ instruction: '', models: {}, context, ...change });

describe('what each provider receives of the history, by the conversation’s context setting', () => {
  it('all: every earlier turn, each model with its own answers only, then the new message', async () => {
    const { w, userId, runChat } = await world();
    const conversationId = await seeded(w, userId, 3, 3, policy({ mode: 'all' }));
    await send(runChat, conversationId, NEW);
    for (const provider of PROVIDERS) expect(received(provider), provider).toEqual([...ownTurns(MODELS[provider], 1, 3, 3), user(NEW)]);
  });

  it('no setting stored is the whole history too', async () => {
    const { w, userId, runChat } = await world();
    const conversationId = await seeded(w, userId, 2, 3, { instruction: '', models: {} });
    await send(runChat, conversationId, NEW);
    for (const provider of PROVIDERS) expect(received(provider), provider).toEqual([...ownTurns(MODELS[provider], 1, 2, 3), user(NEW)]);
  });

  it('recent N: the last N messages of its side (whole turns), then the new message', async () => {
    const { w, userId, runChat } = await world();
    const conversationId = await seeded(w, userId, 4, 3, policy({ mode: 'recent', messages: 4 }));
    await send(runChat, conversationId, NEW);
    for (const provider of PROVIDERS) expect(received(provider), provider).toEqual([...ownTurns(MODELS[provider], 3, 4, 3), user(NEW)]);
  });

  it('recent N cutting into a turn keeps whole turns: an answer is never sent without its question', async () => {
    const { w, userId, runChat } = await world();
    const conversationId = await seeded(w, userId, 3, 3, policy({ mode: 'recent', messages: 3 }));
    await send(runChat, conversationId, NEW);
    for (const provider of PROVIDERS) expect(received(provider), provider).toEqual([...ownTurns(MODELS[provider], 3, 3, 3), user(NEW)]);
  });

  it('summary N: the opening lines of the older messages in the system slot, after the instruction, then the last N whole', async () => {
    const { w, userId, runChat } = await world();
    const conversationId = await seeded(w, userId, 3, 3, policy({ mode: 'summary', messages: 2 }, { instruction: 'Answer briefly.' }));
    await send(runChat, conversationId, NEW);
    for (const provider of PROVIDERS) {
      const id = MODELS[provider];
      const summary = [SUMMARY_HEADING, `User: ${question(1, 3)}`, `Assistant: ${answer(1, id, 3)}`, `User: ${question(2, 3)}`, `Assistant: ${answer(2, id, 3)}`].join('\n');
      expect(received(provider), provider).toEqual([{ role: 'system', text: `Answer briefly.\n\n${summary}` }, ...ownTurns(id, 3, 3, 3), user(NEW)]);
    }
  });

  it('summary N: a long older message keeps only its opening words in the summary', async () => {
    const { w, userId, runChat } = await world();
    const conversationId = await seeded(w, userId, 2, 60, policy({ mode: 'summary', messages: 2 }));
    await send(runChat, conversationId, NEW);
    const system = received('anthropic')[0];
    expect(system?.role).toBe('system');
    const lines = system?.text.split('\n') ?? [];
    expect(lines[0]).toBe(SUMMARY_HEADING);
    expect(lines.slice(1).map((l) => l.slice(0, 20))).toEqual([`User: ${question(1, 60)}`.slice(0, 20), `Assistant: ${answer(1, MODELS.anthropic, 60)}`.slice(0, 20)]);
    expect(lines.slice(1).every((l) => l.endsWith('…') && l.length < 200)).toBe(true);
  });
});

describe('what each provider receives of the history, by its context window', () => {
  // Each message about 600 tokens: a turn is about 1,200; the window (6,000) less the room for an answer
  // (4,096 by default) leaves room for one turn, and with a longest answer of 1,000 for every turn.
  const WORDS = 200;

  it('a history longer than the window: the oldest turns are left out, whole', async () => {
    const { w, userId, runChat } = await world();
    const conversationId = await seeded(w, userId, 3, WORDS, policy({ mode: 'all' }));
    await send(runChat, conversationId, NEW);
    for (const provider of PROVIDERS) expect(received(provider), provider).toEqual([...ownTurns(MODELS[provider], 3, 3, WORDS), user(NEW)]);
  });

  it('a shorter longest answer leaves room for more of the history', async () => {
    const { w, userId, runChat } = await world();
    const models = Object.fromEntries(IDS.map((id) => [id, { maxOutputTokens: 1000 }]));
    const conversationId = await seeded(w, userId, 3, WORDS, policy({ mode: 'all' }, { models }));
    await send(runChat, conversationId, NEW);
    for (const provider of PROVIDERS) expect(received(provider), provider).toEqual([...ownTurns(MODELS[provider], 1, 3, WORDS), user(NEW)]);
  });

  it('under a summary setting the window leaves out the summary’s oldest lines first, and keeps the latest turn whole', async () => {
    const { w, userId, runChat } = await world();
    // Eleven older turns make a summary of 22 lines (about 950 tokens): with the last turn (about 1,300) it does not fit.
    const conversationId = await seeded(w, userId, 12, WORDS, policy({ mode: 'summary', messages: 2 }));
    await send(runChat, conversationId, NEW);
    for (const provider of PROVIDERS) {
      const id = MODELS[provider];
      const [system, ...rest] = received(provider);
      expect(rest, provider).toEqual([...ownTurns(id, 12, 12, WORDS), user(NEW)]);
      const lines = system?.text.split('\n') ?? [];
      expect(lines[0]).toBe(SUMMARY_HEADING);
      // The newest lines stay, the oldest go: it ends with turn 11's answer and no longer opens with turn 1.
      expect(lines.at(-1)?.startsWith(`Assistant: Answer 11 of ${id}:`)).toBe(true);
      expect(lines[1]?.startsWith('User: Question 1:')).toBe(false);
      expect(lines.length).toBeGreaterThan(2);
      expect(lines.length).toBeLessThan(23);
    }
  });
});
