import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsForUsage, estimateTokens, minimalAnswerCredits } from '../../../core/credits/index.js';
import { DEFAULT_CATALOGUE } from '../../../adapters/in-memory/default-model-catalogue.js';
import { readNdjson, startTestServer, type TestServer } from './server-harness.js';

let s: TestServer;
beforeAll(async () => {
  // A provider key makes the paid model available, so the plan rule is what refuses it (no call is made).
  s = await startTestServer({ env: { OPENAI_API_KEY: 'sk-never-called' } });
});
afterAll(async () => {
  await s.close();
});

const offline = DEFAULT_CATALOGUE.find((m) => m.id === 'offline')!;
const offlineBrief = DEFAULT_CATALOGUE.find((m) => m.id === 'offline-brief')!;
const chat = (token: string, json: unknown) => s.api('/api/chat', { method: 'POST', token, json });

describe('POST /api/chat: streaming chat with credit accounting', () => {
  it('streams meta, start, deltas, finish and done as NDJSON, and charges exactly the usage', async () => {
    const u = await s.signIn(100);
    const response = await chat(u.token, { message: 'Tell me about ducks', modelIds: ['offline'] });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = await readNdjson(response);
    expect(lines[0]).toMatchObject({ type: 'meta', modelIds: ['offline'] });
    expect(lines[1]).toMatchObject({ type: 'start', modelId: 'offline' });
    expect(lines.filter((l) => l.type === 'delta').length).toBeGreaterThan(3);
    const finish = lines.find((l) => l.type === 'finish') as { usage: { inputTokens: number; outputTokens: number }; creditsCharged: number; balance: number };
    expect(finish).toMatchObject({ modelId: 'offline', finishReason: 'stop' });
    const expected = creditsForUsage(offline, finish.usage);
    expect(finish.creditsCharged).toBe(expected);
    expect(s.balance(u.userId)).toBe(100 - expected);
    expect(finish.balance).toBe(100 - expected);
    const done = lines.at(-1) as { type: string; answers: { messageId: string | null }[] };
    expect(done.type).toBe('done');
    expect(done.answers[0]?.messageId).toEqual(expect.any(String));
  });

  it('side by side offline: offline and offline-brief stream two tagged, different answers, each charged at its own price', async () => {
    const u = await s.signIn(100);
    const models = (await (await s.api('/api/models')).json()) as { models: { id: string; available: boolean; plan: string }[] };
    expect(models.models.filter((m) => m.id.startsWith('offline'))).toEqual(
      ['offline', 'offline-brief', 'offline-steps', 'offline-critic', 'offline-code', 'offline-thorough'].map((id) => expect.objectContaining({ id, available: true, plan: 'free' })),
    );
    const lines = await readNdjson(await chat(u.token, { message: 'Tell me about ducks', modelIds: ['offline', 'offline-brief'] }));
    expect(lines[0]).toMatchObject({ type: 'meta', modelIds: ['offline', 'offline-brief'] });
    const textOf = (id: string) => lines.filter((l) => l.type === 'delta' && l.modelId === id).map((l) => l.text).join('');
    // Both say they are offline, and neither names its model (blind compare stays blind).
    expect(textOf('offline')).toMatch(/^\*\*Offline answer\*\*: no AI provider was contacted\./);
    expect(textOf('offline-brief')).toMatch(/^\*\*Offline answer\*\*: no AI provider was contacted\./);
    expect(textOf('offline-brief')).toContain('In brief: your message is about ducks.');
    expect(textOf('offline-brief').length).toBeLessThan(textOf('offline').length);
    // Streamed side by side: the brief answer starts before the detailed one is done.
    const firstBriefDelta = lines.findIndex((l) => l.type === 'delta' && l.modelId === 'offline-brief');
    const offlineFinishIndex = lines.findIndex((l) => l.type === 'finish' && l.modelId === 'offline');
    expect(firstBriefDelta).toBeLessThan(offlineFinishIndex);
    type Finish = { modelId: string; finishReason: string; usage: { inputTokens: number; outputTokens: number }; creditsCharged: number };
    const finishes = lines.filter((l) => l.type === 'finish') as unknown as Finish[];
    expect(finishes.map((f) => f.modelId).sort()).toEqual(['offline', 'offline-brief']);
    const charged = finishes.map((f) => {
      expect(f.finishReason).toBe('stop');
      const expected = creditsForUsage(f.modelId === 'offline' ? offline : offlineBrief, f.usage);
      expect(f.creditsCharged).toBe(expected);
      return expected;
    });
    expect(s.balance(u.userId)).toBe(100 - charged[0]! - charged[1]!);
    const credits = await (await s.api('/api/credits', { token: u.token })).json();
    const charges = credits.history.filter((e: { kind: string }) => e.kind === 'usage_charge') as { modelId: string; amount: number }[];
    expect(charges.map((e) => e.modelId).sort()).toEqual(['offline', 'offline-brief']);
    const done = lines.at(-1) as { type: string; answers: { modelId: string; messageId: string | null }[] };
    expect(done.type).toBe('done');
    expect(done.answers).toHaveLength(2);
    for (const answer of done.answers) expect(answer.messageId).toEqual(expect.any(String));
  });

  it('persists the user message and the answer in the conversation named in meta', async () => {
    const u = await s.signIn(100);
    const lines = await readNdjson(await chat(u.token, { message: 'Persist me', modelIds: ['offline'] }));
    const meta = lines[0] as { conversationId: string; userMessageId: string };
    const messages = await (await s.api(`/api/conversations/${meta.conversationId}/messages`, { token: u.token })).json();
    expect(messages.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(messages.messages[0].id).toBe(meta.userMessageId);
  });

  it('answers 402 with a clear message, before any model runs, when the balance is short', async () => {
    const u = await s.signIn(0);
    const response = await chat(u.token, { message: 'hello', modelIds: ['offline'] });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ error: 'insufficient_credits', message: 'Not enough credits for this chat: balance 0, required 1', details: { balance: 0 } });
    const list = await (await s.api('/api/conversations', { token: u.token })).json();
    expect(list.conversations).toEqual([]);
  });

  it('answers 403 for a paid model without a subscription', async () => {
    const u = await s.signIn(1000);
    const response = await chat(u.token, { message: 'hello', modelIds: ['gpt-4o'] });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'forbidden', message: 'GPT-4o needs an active subscription' });
  });

  it('20 concurrent chats on a small balance: as many start as holds fit, the rest get 402, every answer is charged', async () => {
    const balance = 5;
    const message = 'Write a long answer about rivers and lakes';
    const minimal = minimalAnswerCredits(offline, estimateTokens(message));
    const u = await s.signIn(balance);
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await chat(u.token, { message, modelIds: ['offline'] });
        return response.status === 200 ? readNdjson(response) : response.status;
      }),
    );
    const answered = results.filter((r): r is Record<string, unknown>[] => Array.isArray(r));
    expect(answered).toHaveLength(Math.floor(balance / minimal));
    expect(results.filter((r) => r === 402)).toHaveLength(20 - answered.length);

    type Finish = { usage: { inputTokens: number; outputTokens: number }; creditsCharged: number };
    const finishes = answered.map((lines) => lines.find((l) => l.type === 'finish') as Finish | undefined);
    const shortfalls = s.logger.at('warn').filter((e) => e.message.startsWith('An answer was charged less than it cost') && e.context?.['userId'] === u.userId);
    // No free answers: each is charged its price, unless the ledger logged the part it could not take.
    const unpaid = finishes.reduce((sum, f) => sum + creditsForUsage(offline, f!.usage) - f!.creditsCharged, 0);
    expect(unpaid).toBe(shortfalls.reduce((sum, e) => sum + Number(e.context?.['shortfall']), 0));
    for (const f of finishes) expect(f?.creditsCharged).toBeGreaterThan(0);

    const final = s.balance(u.userId);
    expect(final).toBeGreaterThanOrEqual(0);
    const credits = await (await s.api('/api/credits', { token: u.token })).json();
    const charges = credits.history.filter((e: { kind: string }) => e.kind === 'usage_charge') as { amount: number; balanceAfter: number }[];
    expect(charges).toHaveLength(answered.length);
    expect(charges.reduce((sum, e) => sum - e.amount, 0)).toBe(balance - final);
    expect(finishes.reduce((sum, f) => sum + f!.creditsCharged, 0)).toBe(balance - final);
    expect(Math.min(...charges.map((e) => e.balanceAfter))).toBeGreaterThanOrEqual(0);
  });

  it('a client that disconnects does not stop the answer: it is saved whole and charged as if read', async () => {
    const slow = await startTestServer({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '5' } });
    try {
      const u = await slow.signIn(100);
      const controller = new AbortController();
      const response = await slow.api('/api/chat', { method: 'POST', token: u.token, json: { message: 'A long story please', modelIds: ['offline'] }, signal: controller.signal });
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('"type":"delta"')) text += (await reader.read()).value ?? '';
      controller.abort();
      // The run goes on without its reader: wait for the ledger line, not for time.
      const charged = await waitFor(async () => {
        const history = (await (await slow.api('/api/credits', { token: u.token })).json()).history as { kind: string; reason: string }[];
        return history.find((e) => e.kind === 'usage_charge');
      });
      const fullRun = await slow.signIn(100);
      const full = await readNdjson(await slow.api('/api/chat', { method: 'POST', token: fullRun.token, json: { message: 'A long story please', modelIds: ['offline'] } }));
      const fullUsage = (full.find((l) => l.type === 'finish') as { usage: { outputTokens: number } }).usage;
      expect(Number(/(\d+) output tokens/.exec(charged.reason)?.[1])).toBe(fullUsage.outputTokens);
      const messages = await (await slow.api('/api/conversations', { token: u.token })).json();
      expect(messages.conversations).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });
});

/** Polls until the probe answers (bounded: 15 s), for work the server finishes without a reader. */
async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never held');
}
