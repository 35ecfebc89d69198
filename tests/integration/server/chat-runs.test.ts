// Chat runs that outlive their connection, over HTTP: every stream line after meta has its seq,
// GET /api/chat/runs/:runId/events?after=N reads on from there, POST …/stop stops the run, and
// opening a conversation names its running answer. Foreign, unknown and malformed ids are 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNdjson, readNdjsonUntil, startTestServer, type TestServer } from './server-harness.js';

let s: TestServer;
beforeAll(async () => {
  // A few milliseconds a token: an answer is still running while the test looks at it.
  s = await startTestServer({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '3' } });
});
afterAll(async () => {
  await s.close();
});

const chat = (token: string, message = 'Tell me about herons') => s.api('/api/chat', { method: 'POST', token, json: { message, modelIds: ['offline'] } });
const events = (token: string, runId: string, query = '') => s.api(`/api/chat/runs/${runId}/events${query}`, { token });
const stop = (token: string, runId: string) => s.api(`/api/chat/runs/${runId}/stop`, { method: 'POST', token });

describe('chat runs over HTTP', () => {
  it('meta names the run; every later line has its seq, 1, 2, 3… up to done', async () => {
    const u = await s.signIn(1000);
    const lines = await readNdjson(await chat(u.token));
    expect(lines[0]).toMatchObject({ type: 'meta', runId: expect.stringMatching(/^[0-9a-f-]{36}$/), modelIds: ['offline'] });
    expect(lines.slice(1).map((l) => l.seq)).toEqual(lines.slice(1).map((_, i) => i + 1));
    expect(lines.at(-1)?.type).toBe('done');
  });

  it('resume after N answers meta and exactly the lines after N; after the end, done again (the run is over, not cut off)', async () => {
    const u = await s.signIn(1000);
    const all = await readNdjson(await chat(u.token));
    const runId = String(all[0]?.runId);
    const resumed = await events(u.token, runId, '?after=5');
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const rest = await readNdjson(resumed);
    expect(rest[0]).toEqual(all[0]);
    expect(rest.slice(1)).toEqual(all.slice(6));
    expect(await readNdjson(await events(u.token, runId))).toEqual(all);
    const past = await readNdjson(await events(u.token, runId, `?after=${String(all.at(-1)?.seq)}`));
    expect(past).toEqual([all[0], all.at(-1)]);
  });

  it('a reader that joins a running answer gets what was said so far and the rest as it comes, like the first reader', async () => {
    const u = await s.signIn(1000);
    const first = await readNdjsonUntil(await chat(u.token, 'Write a long story about the sea'), (l) => l.type === 'delta');
    const runId = String(first.lines[0]?.runId);
    const joined = await readNdjson(await events(u.token, runId));
    expect(joined).toEqual(await first.rest());
  });

  it('opening the conversation names its running answer, and no longer once it is done', async () => {
    const u = await s.signIn(1000);
    const running = await readNdjsonUntil(await chat(u.token, 'Write a long story about the sea'), (l) => l.type === 'delta');
    const meta = running.lines[0] as { runId: string; conversationId: string; userMessageId: string };
    const opened = await (await s.api(`/api/conversations/${meta.conversationId}`, { token: u.token })).json();
    expect(opened.liveRun).toEqual({ runId: meta.runId, userMessageId: meta.userMessageId, modelIds: ['offline'] });
    await running.rest();
    const after = await (await s.api(`/api/conversations/${meta.conversationId}`, { token: u.token })).json();
    expect(after.liveRun).toBeNull();
  });

  it('stop: 202, the answer ends as aborted and done follows; stopping it again (finished) changes nothing', async () => {
    const u = await s.signIn(1000);
    const running = await readNdjsonUntil(await chat(u.token, 'Write a long story about the sea'), (l) => l.type === 'delta');
    const runId = String(running.lines[0]?.runId);
    const stopped = await stop(u.token, runId);
    expect(stopped.status).toBe(202);
    expect(await stopped.json()).toEqual({ runId, stopping: true });
    const lines = await running.rest();
    expect(lines.find((l) => l.type === 'finish')).toMatchObject({ finishReason: 'aborted' });
    expect(lines.at(-1)).toMatchObject({ type: 'done', answers: [{ finishReason: 'aborted' }] });
    const balance = s.balance(u.userId);
    expect((await stop(u.token, runId)).status).toBe(202);
    expect(s.balance(u.userId)).toBe(balance);
  });

  it('stop with a model: that column alone ends aborted, the other answers to its end; a model the run does not ask, another user, a bad body are refused', async () => {
    const owner = await s.signIn(1000);
    const other = await s.signIn(1000);
    const response = await s.api('/api/chat', { method: 'POST', token: owner.token, json: { message: 'Write a long story about the sea', modelIds: ['offline', 'offline-steps'] } });
    const running = await readNdjsonUntil(response, (l) => l.type === 'delta');
    const runId = String(running.lines[0]?.runId);
    const stopOne = (token: string, json: unknown) => s.api(`/api/chat/runs/${runId}/stop`, { method: 'POST', token, json });
    const refused = [
      await stopOne(other.token, { modelId: 'offline' }),
      await stopOne(owner.token, { modelId: 'offline-brief' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404]);
    const bad = await stopOne(owner.token, { modelId: '', extra: 1 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/body/);
    const stopped = await stopOne(owner.token, { modelId: 'offline' });
    expect(stopped.status).toBe(202);
    const lines = await running.rest();
    const finishes = Object.fromEntries(lines.filter((l) => l.type === 'finish').map((l) => [l.modelId, l.finishReason]));
    expect(finishes).toEqual({ offline: 'aborted', 'offline-steps': 'stop' });
  });

  it("another user's run, an unknown run and a malformed id are all 404 not_found, for reading and for stopping", async () => {
    const owner = await s.signIn(1000);
    const other = await s.signIn(1000);
    const running = await readNdjsonUntil(await chat(owner.token, 'Write a long story about the sea'), (l) => l.type === 'delta');
    const runId = String(running.lines[0]?.runId);
    for (const id of [runId, '00000000-0000-4000-8000-00000000beef', 'not-a-run', '%20']) {
      for (const response of [await events(other.token, id), await stop(other.token, id)]) {
        expect(response.status, id).toBe(404);
        expect(await response.json()).toMatchObject({ error: 'not_found' });
      }
    }
    // The owner's answer went on untouched.
    expect((await running.rest()).at(-1)).toMatchObject({ type: 'done', answers: [{ finishReason: 'stop' }] });
  });

  it('a bad `after` is a 400 naming it; an unknown query field too', async () => {
    const u = await s.signIn(1000);
    const runId = String((await readNdjson(await chat(u.token)))[0]?.runId);
    for (const query of ['?after=-1', '?after=two', '?after=1.5', '?from=3']) {
      const response = await events(u.token, runId, query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'validation', message: expect.stringMatching(/query/) });
    }
  });
});
