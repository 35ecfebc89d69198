/**
 * ChatClient contract: chat as the browser starts it, with the server owning the run. Run against
 * the in-memory client (the server's use cases in this process) and the browser's ApiChatClient
 * over a real app server on loopback.
 *
 * Harness the factory provides:
 * - `client`: the adapter;
 * - `createUser(credits)`: a fresh user with that balance; answers the id;
 * - `actAs(userId)`: makes `client` act for that user;
 * - `messages(userId, conversationId)` and `balance(userId)`: what the server has stored (its own
 *   data ports), the truth each run is checked against;
 * - `models`: two priced, free-plan models that stream several words each and read no images;
 * - `upload(file)`: a file uploaded as the user `client` acts for, the way the browser uploads it.
 */
import { describe, expect, it } from 'vitest';
import type { AttachmentRef, ChatMessage, ChatClient, ChatRunEvent, ChatRunHandle } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';
import { pngBytes } from '../support/storage-users.js';

export interface ChatClientHarness {
  readonly client: ChatClient;
  createUser(credits: number): Promise<string>;
  actAs(userId: string): Promise<void>;
  messages(userId: string, conversationId: string): Promise<readonly ChatMessage[]>;
  balance(userId: string): Promise<number>;
  readonly models: readonly [string, string];
  upload(file: { name: string; type: string; bytes: Uint8Array }): Promise<Result<AttachmentRef>>;
}

const started = (r: Result<ChatRunHandle>): ChatRunHandle => {
  if (!r.success) throw new Error(`expected a run, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const refusal = (r: Result<ChatRunHandle>): string => (r.success ? 'started' : r.error.code);
const uploaded = async (h: ChatClientHarness, file: { name: string; type: string; bytes: Uint8Array }): Promise<AttachmentRef> => {
  const r = await h.upload(file);
  if (!r.success) throw new Error(`expected an upload, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};

async function readAll(run: ChatRunHandle): Promise<ChatRunEvent[]> {
  const events: ChatRunEvent[] = [];
  for await (const event of run.events) events.push(event);
  return events;
}

const textOf = (events: readonly ChatRunEvent[], modelId: string) =>
  events.flatMap((e) => (e.type === 'delta' && e.modelId === modelId ? [e.text] : [])).join('');

export function chatClientContract(name: string, makeHarness: () => Promise<ChatClientHarness>): void {
  describe(`ChatClient contract: ${name}`, () => {
    const signedIn = async (credits = 10_000) => {
      const h = await makeHarness();
      const user = await h.createUser(credits);
      await h.actAs(user);
      return { h, user, client: h.client, model: h.models[0] };
    };

    it('a first message starts a conversation: meta, the answer streamed, then done once it is saved and charged', async () => {
      const { h, user, client, model } = await signedIn();
      const run = started(await client.send({ message: 'How do tides work?', modelIds: [model] }));
      expect(run.modelIds).toEqual([model]);
      const events = await readAll(run);
      const finish = events.find((e) => e.type === 'finish');
      const done = events.at(-1);
      expect(finish).toMatchObject({ modelId: model, finishReason: 'stop' });
      expect(done?.type).toBe('done');
      if (done?.type !== 'done' || finish?.type !== 'finish') return;
      expect(finish.creditsCharged).toBeGreaterThan(0);
      expect(done.answers).toEqual([{ modelId: model, messageId: expect.any(String), creditsCharged: finish.creditsCharged, finishReason: 'stop' }]);
      const stored = await h.messages(user, run.conversationId);
      expect(stored.map((m) => [m.id, m.role, m.modelId])).toEqual([
        [run.userMessageId, 'user', model],
        [done.answers[0]?.messageId, 'assistant', model],
      ]);
      expect(stored[1]?.content).toBe(textOf(events, model));
      // Saved with how it went, for the figures under the answer after a reload.
      expect(stored[1]).toMatchObject({ firstTokenMs: expect.any(Number), durationMs: expect.any(Number), creditsCharged: finish.creditsCharged });
      expect(stored[1]!.durationMs).toBeGreaterThanOrEqual(stored[1]!.firstTokenMs!);
      expect(await h.balance(user)).toBe(10_000 - (finish.creditsCharged ?? 0));
      expect(await client.liveRun({ conversationId: run.conversationId })).toEqual({ success: true, data: null });
    });

    it('a message with files: sent with their ids, answered, and the question stored with them; a later turn keeps them', async () => {
      const { h, user, client, model } = await signedIn();
      const notes = await uploaded(h, { name: 'notes.md', type: 'text/markdown', bytes: new TextEncoder().encode('# Tides\nHigh water at six.') });
      const run = started(await client.send({ message: 'What do my notes say?', modelIds: [model], attachmentIds: [notes.id] }));
      const events = await readAll(run);
      expect(events.at(-1)).toMatchObject({ type: 'done', answers: [{ modelId: model, finishReason: 'stop' }] });
      const stored = await h.messages(user, run.conversationId);
      expect(stored[0]).toMatchObject({ id: run.userMessageId, role: 'user', attachments: [notes] });
      const next = started(await client.send({ conversationId: run.conversationId, message: 'And then?', modelIds: [model] }));
      await readAll(next);
      expect((await h.messages(user, run.conversationId)).map((m) => m.attachments?.map((a) => a.id) ?? [])).toEqual([[notes.id], [], [], []]);
    });

    it('files are refused before anything is written: an image to models that read none, another user\'s file, one that does not exist', async () => {
      const { h, user, client, model } = await signedIn();
      const photo = await uploaded(h, { name: 'harbour.png', type: 'image/png', bytes: pngBytes(64, 48, 300) });
      const blind = await client.send({ message: 'Describe the photo', modelIds: [model], attachmentIds: [photo.id] });
      expect(blind.success ? 'started' : [blind.error.code, blind.error.details?.reason]).toEqual(['validation', 'images_not_supported']);
      const bob = await h.createUser(10_000);
      await h.actAs(bob);
      expect(refusal(await client.send({ message: 'Read her notes', modelIds: [model], attachmentIds: [photo.id] }))).toBe('not_found');
      expect(refusal(await client.send({ message: 'Read these', modelIds: [model], attachmentIds: ['00000000-0000-4000-8000-00000000beef'] }))).toBe('not_found');
      expect(await h.balance(bob)).toBe(10_000);
      expect(await h.balance(user)).toBe(10_000);
    });

    it('a second message goes into the same conversation, answered once', async () => {
      const { h, user, client, model } = await signedIn();
      const first = started(await client.send({ message: 'Name a colour', modelIds: [model] }));
      await readAll(first);
      const second = started(await client.send({ conversationId: first.conversationId, message: 'And another one', modelIds: [model] }));
      expect(second.conversationId).toBe(first.conversationId);
      await readAll(second);
      const stored = await h.messages(user, first.conversationId);
      expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(stored[2]?.id).toBe(second.userMessageId);
    });

    it('side by side: the models answer in the order asked, each answer saved under its model', async () => {
      const { h, user, client } = await signedIn();
      const [a, b] = h.models;
      const run = started(await client.send({ message: 'Compare two sorting algorithms', modelIds: [b, a] }));
      expect(run.modelIds).toEqual([b, a]);
      const events = await readAll(run);
      const done = events.at(-1);
      if (done?.type !== 'done') throw new Error('no done line');
      expect(done.answers.map((x) => x.modelId).sort()).toEqual([a, b].sort());
      const stored = await h.messages(user, run.conversationId);
      expect(stored.filter((m) => m.role === 'assistant').map((m) => m.modelId).sort()).toEqual([a, b].sort());
      for (const model of [a, b]) expect(stored.find((m) => m.modelId === model && m.role === 'assistant')?.content).toBe(textOf(events, model));
    });

    it('regenerate replaces the last answers: one answer per model after the last question', async () => {
      const { h, user, client, model } = await signedIn();
      const first = started(await client.send({ message: 'Tell me a fact about owls', modelIds: [model] }));
      await readAll(first);
      const again = started(await client.regenerate({ conversationId: first.conversationId }));
      expect(again.userMessageId).toBe(first.userMessageId);
      expect(again.modelIds).toEqual([model]);
      await readAll(again);
      const stored = await h.messages(user, first.conversationId);
      expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
    });

    it('edit-last replaces the last question and its answers', async () => {
      const { h, user, client, model } = await signedIn();
      const first = started(await client.send({ message: 'Tell me about owls', modelIds: [model] }));
      await readAll(first);
      const edited = started(await client.editLast({ conversationId: first.conversationId, message: 'Tell me about otters' }));
      expect(edited.userMessageId).not.toBe(first.userMessageId);
      await readAll(edited);
      const stored = await h.messages(user, first.conversationId);
      expect(stored.map((m) => [m.role, m.role === 'user' ? m.content : null])).toEqual([['user', 'Tell me about otters'], ['assistant', null]]);
    });

    it('is refused before any model runs: unknown model, missing conversation, nothing to regenerate, short of credits', async () => {
      const { h, client, model } = await signedIn();
      const missing = '00000000-0000-4000-8000-00000000beef';
      expect(refusal(await client.send({ message: 'hi', modelIds: ['no-such-model'] }))).toBe('not_found');
      expect(refusal(await client.send({ conversationId: missing, message: 'hi', modelIds: [model] }))).toBe('not_found');
      expect(refusal(await client.regenerate({ conversationId: missing }))).toBe('not_found');
      expect(refusal(await client.send({ message: '   ', modelIds: [model] }))).toBe('validation');
      const poor = await h.createUser(0);
      await h.actAs(poor);
      expect(refusal(await client.send({ message: 'hi', modelIds: [model] }))).toBe('insufficient_credits');
      expect(await h.balance(poor)).toBe(0);
    });

    it("another user's conversation is not found for every call, and stays as it was", async () => {
      const { h, user: alice, client, model } = await signedIn();
      const hers = started(await client.send({ message: 'My secret plan', modelIds: [model] }));
      await readAll(hers);
      const before = await h.messages(alice, hers.conversationId);
      const bob = await h.createUser(10_000);
      await h.actAs(bob);
      expect(refusal(await client.send({ conversationId: hers.conversationId, message: 'intrusion', modelIds: [model] }))).toBe('not_found');
      expect(refusal(await client.regenerate({ conversationId: hers.conversationId }))).toBe('not_found');
      expect(refusal(await client.editLast({ conversationId: hers.conversationId, message: 'rewritten' }))).toBe('not_found');
      expect(await h.messages(alice, hers.conversationId)).toEqual(before);
      expect(await h.balance(bob)).toBe(10_000);
    });

    it('stop: the open answers end as aborted, then done; what was shown is exactly what is saved, and paid', async () => {
      const { h, user, client, model } = await signedIn();
      const run = started(await client.send({ message: 'Write a long story about the sea', modelIds: [model] }));
      const events: ChatRunEvent[] = [];
      for await (const event of run.events) {
        events.push(event);
        if (event.type === 'delta' && events.filter((e) => e.type === 'delta').length === 1) expect(await client.stop({ runId: run.runId })).toEqual({ success: true, data: undefined });
      }
      const finish = events.find((e) => e.type === 'finish');
      const done = events.at(-1);
      expect(finish).toMatchObject({ modelId: model, finishReason: 'aborted' });
      if (done?.type !== 'done') throw new Error('no done line after a stop');
      expect(done.answers).toEqual([{ modelId: model, messageId: expect.any(String), creditsCharged: expect.any(Number), finishReason: 'aborted' }]);
      const stored = await h.messages(user, run.conversationId);
      expect(stored.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(stored[1]?.content).toBe(textOf(events, model));
      expect(await h.balance(user)).toBe(10_000 - (done.answers[0]?.creditsCharged ?? 0));
      // Stopping a finished run changes nothing.
      expect(await client.stop({ runId: run.runId })).toEqual({ success: true, data: undefined });
      expect(await h.messages(user, run.conversationId)).toEqual(stored);
    });

    it('a reader that stops reading does not stop the run: it is saved whole and paid, and can be read again', async () => {
      const { h, user, client, model } = await signedIn();
      const leave = new AbortController();
      const run = started(await client.send({ message: 'Write a long story about the sea', modelIds: [model], signal: leave.signal }));
      const seen: ChatRunEvent[] = [];
      for await (const event of run.events) {
        seen.push(event);
        if (event.type === 'delta') leave.abort();
      }
      expect(seen.some((e) => e.type === 'done')).toBe(false);
      const again = started(await client.resume({ runId: run.runId }));
      expect(again).toMatchObject({ runId: run.runId, conversationId: run.conversationId, userMessageId: run.userMessageId, modelIds: [model] });
      const whole = await readAll(again);
      const done = whole.at(-1);
      if (done?.type !== 'done') throw new Error('no done line');
      expect(done.answers[0]).toMatchObject({ modelId: model, finishReason: 'stop' });
      expect(whole.map((e) => e.seq)).toEqual(whole.map((_, i) => i + 1));
      expect(textOf(whole, model).startsWith(textOf(seen, model))).toBe(true);
      const stored = await h.messages(user, run.conversationId);
      expect(stored[1]?.content).toBe(textOf(whole, model));
      expect(await h.balance(user)).toBe(10_000 - done.answers[0]!.creditsCharged);
    });

    it('resume after a seq: exactly the events after it, in order, ending with done', async () => {
      const { client, model } = await signedIn();
      const first = started(await client.send({ message: 'Explain rainbows', modelIds: [model] }));
      const all = await readAll(first);
      expect(all.every((e) => typeof e.seq === 'number')).toBe(true);
      const middle = Math.floor(all.length / 2);
      const rest = await readAll(started(await client.resume({ runId: first.runId, after: all[middle - 1]!.seq! })));
      expect(rest).toEqual(all.slice(middle));
      expect(await readAll(started(await client.resume({ runId: first.runId, after: all.at(-1)!.seq! })))).toEqual([]);
    });

    it('liveRun names the running run of a conversation, null once it is done; resume and stop of another user\'s run are not found', async () => {
      const { h, client, model } = await signedIn();
      const run = started(await client.send({ message: 'Write a long story about the sea', modelIds: [model] }));
      const reading = readAll(run);
      expect(await client.liveRun({ conversationId: run.conversationId })).toEqual({ success: true, data: { runId: run.runId, userMessageId: run.userMessageId, modelIds: [model] } });
      const bob = await h.createUser(10_000);
      await h.actAs(bob);
      expect(refusal(await client.resume({ runId: run.runId }))).toBe('not_found');
      const foreignStop = await client.stop({ runId: run.runId });
      expect(foreignStop.success ? 'stopped' : foreignStop.error.code).toBe('not_found');
      const foreignLive = await client.liveRun({ conversationId: run.conversationId });
      expect(foreignLive.success ? 'found' : foreignLive.error.code).toBe('not_found');
      expect(refusal(await client.resume({ runId: '00000000-0000-4000-8000-00000000beef' }))).toBe('not_found');
      expect((await reading).at(-1)).toMatchObject({ type: 'done', answers: [{ finishReason: 'stop' }] });
    });

    it('merge: a chosen model fuses the answers of the last side-by-side turn into one, streamed, saved with the models it merged, charged', async () => {
      const { h, user, client } = await signedIn();
      const [a, b] = h.models;
      const turn = started(await client.send({ message: 'Name a famous lighthouse', modelIds: [a, b] }));
      await readAll(turn);
      const before = await h.balance(user);
      const merge = started(await client.merge({ conversationId: turn.conversationId, modelId: b }));
      expect(merge).toMatchObject({ conversationId: turn.conversationId, userMessageId: turn.userMessageId, modelIds: [b] });
      const events = await readAll(merge);
      const done = events.at(-1);
      if (done?.type !== 'done') throw new Error('no done line');
      expect(done.answers).toHaveLength(1);
      expect(done.answers[0]).toMatchObject({ modelId: b, finishReason: 'stop' });
      expect(done.answers[0]?.creditsCharged).toBeGreaterThan(0);
      expect(await h.balance(user)).toBe(before - (done.answers[0]?.creditsCharged ?? 0));
      const stored = await h.messages(user, turn.conversationId);
      expect(stored.map((m) => [m.role, m.modelId, m.mergedFrom ?? null])).toEqual([
        ['user', null, null],
        ...stored.slice(1, 3).map((m) => ['assistant', m.modelId, null]),
        ['assistant', b, [a, b]],
      ]);
      expect(stored.at(-1)?.content).toBe(textOf(events, b));
      expect(stored.at(-1)?.id).toBe(done.answers[0]?.messageId);
    });

    it('merge again replaces the earlier merge of the turn: one merged answer stays', async () => {
      const { h, user, client } = await signedIn();
      const [a, b] = h.models;
      const turn = started(await client.send({ message: 'Two views on tides', modelIds: [a, b] }));
      await readAll(turn);
      await readAll(started(await client.merge({ conversationId: turn.conversationId, modelId: a })));
      await readAll(started(await client.merge({ conversationId: turn.conversationId, modelId: b })));
      const stored = await h.messages(user, turn.conversationId);
      expect(stored.filter((m) => m.mergedFrom !== undefined).map((m) => m.modelId)).toEqual([b]);
      expect(stored).toHaveLength(4);
    });

    it('merge is refused before any model runs: one answer only, unknown model, a foreign conversation, short of credits', async () => {
      const { h, user, client, model } = await signedIn();
      const single = started(await client.send({ message: 'Only one model here', modelIds: [model] }));
      await readAll(single);
      expect(refusal(await client.merge({ conversationId: single.conversationId, modelId: model }))).toBe('validation');
      const [a, b] = h.models;
      const pair = started(await client.send({ message: 'Two models here', modelIds: [a, b] }));
      await readAll(pair);
      expect(refusal(await client.merge({ conversationId: pair.conversationId, modelId: 'no-such-model' }))).toBe('not_found');
      const stored = await h.messages(user, pair.conversationId);
      const bob = await h.createUser(10_000);
      await h.actAs(bob);
      expect(refusal(await client.merge({ conversationId: pair.conversationId, modelId: a }))).toBe('not_found');
      expect(await h.balance(bob)).toBe(10_000);
      expect(await h.messages(user, pair.conversationId)).toEqual(stored);
      const poor = await h.createUser(1);
      await h.actAs(poor);
      expect(refusal(await client.merge({ conversationId: pair.conversationId, modelId: a }))).toBe('not_found');
    });

    it('summary: a new conversation opens with the question and one model\'s summary of the old one, streamed, saved and charged; the old one stays', async () => {
      const { h, user, client } = await signedIn();
      const [a, b] = h.models;
      const first = started(await client.send({ message: 'Plan a walk along the coast', modelIds: [a] }));
      await readAll(first);
      await readAll(started(await client.send({ conversationId: first.conversationId, message: 'And a place to eat', modelIds: [a, b] })));
      const old = await h.messages(user, first.conversationId);
      const before = await h.balance(user);
      const run = started(await client.summarizeConversation({ conversationId: first.conversationId, modelId: b, message: 'Summary to continue from' }));
      expect(run.conversationId).not.toBe(first.conversationId);
      expect(run.modelIds).toEqual([b]);
      const events = await readAll(run);
      const done = events.at(-1);
      if (done?.type !== 'done') throw new Error('no done line');
      expect(done.answers).toEqual([{ modelId: b, messageId: expect.any(String), creditsCharged: expect.any(Number), finishReason: 'stop' }]);
      expect(done.answers[0]?.creditsCharged).toBeGreaterThan(0);
      expect(await h.balance(user)).toBe(before - (done.answers[0]?.creditsCharged ?? 0));
      const stored = await h.messages(user, run.conversationId);
      expect(stored.map((m) => [m.id, m.role, m.modelId])).toEqual([
        [run.userMessageId, 'user', b],
        [done.answers[0]?.messageId, 'assistant', b],
      ]);
      expect(stored[0]?.content).toBe('Summary to continue from');
      expect(stored[1]?.content).toBe(textOf(events, b));
      expect(await h.messages(user, first.conversationId)).toEqual(old);
    });

    it('summary is refused before anything is created: bad input, unknown model, a foreign conversation', async () => {
      const { h, user, client, model } = await signedIn();
      const chat = started(await client.send({ message: 'Something to summarise', modelIds: [model] }));
      await readAll(chat);
      const conversationId = chat.conversationId;
      expect(refusal(await client.summarizeConversation({ conversationId, modelId: model, message: '  ' }))).toBe('validation');
      expect(refusal(await client.summarizeConversation({ conversationId, modelId: 'no-such-model', message: 'Summary' }))).toBe('not_found');
      const bob = await h.createUser(10_000);
      await h.actAs(bob);
      expect(refusal(await client.summarizeConversation({ conversationId, modelId: model, message: 'Summary' }))).toBe('not_found');
      expect(await h.balance(bob)).toBe(10_000);
      expect(await h.messages(user, conversationId)).toHaveLength(2);
    });
  });
}
