// Attachments through the app server on in-memory ports, with the real model gateway wrapped to
// record what each model was sent: files of earlier turns go along, edits keep or replace them,
// and a text-only model gets an image named instead of sent.
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import type { ChatRequest, ModelGateway } from '../../../core/chat/index.js';
import { DEFAULT_CATALOGUE } from '../../../adapters/in-memory/default-model-catalogue.js';
import { pngBytes } from '../../support/storage-users.js';
import { readNdjson, startTestServer, type TestServer } from './server-harness.js';

const sent: ChatRequest[] = [];
let server: TestServer;

beforeAll(async () => {
  const real = createModelGateway({ env: { OFFLINE_MODEL_TOKEN_DELAY_MS: '0' }, catalogue: DEFAULT_CATALOGUE, logger: new InMemoryLogger() });
  if (!real.success) throw new Error(real.error.message);
  const recording: ModelGateway = {
    listModels: () => real.data.listModels(),
    stream: (request) => {
      sent.push(request);
      return real.data.stream(request);
    },
  };
  server = await startTestServer({ modelGateway: recording });
});
afterAll(async () => {
  await server?.close();
});

async function user() {
  const signed = await server.signIn(10_000);
  const upload = async (name: string, type: string, bytes: Uint8Array) => {
    const response = await fetch(`${server.url}/api/attachments?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { ...signed.auth, 'content-type': type }, body: bytes as Uint8Array<ArrayBuffer> });
    expect(response.status).toBe(201);
    return ((await response.json()) as { attachment: { id: string } }).attachment.id;
  };
  const chat = async (path: string, json: unknown) => readNdjson(await server.api(path, { method: 'POST', token: signed.token, json }));
  return { ...signed, upload, chat };
}
const lastSent = () => sent.at(-1) as ChatRequest;
const filesOf = (request: ChatRequest) => request.messages.map((m) => (m.attachments ?? []).map((a) => a.name));

describe('files of a conversation, as the models receive them', () => {
  it('later turns send an earlier message’s files again; regenerate sends them too', async () => {
    const u = await user();
    const image = await u.upload('harbour.png', 'image/png', pngBytes(64, 48, 300));
    const notes = await u.upload('notes.txt', 'text/plain', new TextEncoder().encode('Bring the lamp oil'));
    const first = await u.chat('/api/chat', { message: 'Look', modelIds: ['offline'], attachmentIds: [image, notes] });
    expect(filesOf(lastSent())).toEqual([['harbour.png', 'notes.txt']]);
    const image0 = lastSent().messages[0]?.attachments?.[0];
    expect(image0?.kind === 'image' && image0.data.byteLength).toBe(300);
    const conversationId = (first[0] as { conversationId: string }).conversationId;
    await u.chat('/api/chat', { conversationId, message: 'And then?', modelIds: ['offline'] });
    expect(filesOf(lastSent())).toEqual([['harbour.png', 'notes.txt'], [], []]);
    await u.chat('/api/chat/regenerate', { conversationId });
    expect(filesOf(lastSent())).toEqual([['harbour.png', 'notes.txt'], [], []]);
  });

  it('edit-last keeps the replaced message’s files unless it names others (none: an empty list)', async () => {
    const u = await user();
    const notes = await u.upload('notes.txt', 'text/plain', new TextEncoder().encode('first notes'));
    const other = await u.upload('other.md', 'text/markdown', new TextEncoder().encode('# other'));
    const first = await u.chat('/api/chat', { message: 'Read', modelIds: ['offline'], attachmentIds: [notes] });
    const conversationId = (first[0] as { conversationId: string }).conversationId;
    await u.chat('/api/chat/edit-last', { conversationId, message: 'Read again' });
    expect(filesOf(lastSent())).toEqual([['notes.txt']]);
    await u.chat('/api/chat/edit-last', { conversationId, message: 'Read the other one', attachmentIds: [other] });
    expect(filesOf(lastSent())).toEqual([['other.md']]);
    await u.chat('/api/chat/edit-last', { conversationId, message: 'No files now', attachmentIds: [] });
    expect(filesOf(lastSent())).toEqual([[]]);
    const opened = (await (await server.api(`/api/conversations/${conversationId}`, { token: u.token })).json()) as { messages: { attachments?: unknown[] }[] };
    expect(opened.messages[0]?.attachments).toBeUndefined();
  });

  it('a text-only model later in the conversation gets an earlier image named, not sent; text files still go', async () => {
    const u = await user();
    const image = await u.upload('harbour.png', 'image/png', pngBytes(64, 48, 300));
    const notes = await u.upload('notes.txt', 'text/plain', new TextEncoder().encode('Bring the lamp oil'));
    const first = await u.chat('/api/chat', { message: 'Look', modelIds: ['offline'], attachmentIds: [image, notes] });
    const conversationId = (first[0] as { conversationId: string }).conversationId;
    const lines = await u.chat('/api/chat', { conversationId, message: 'Now you', modelIds: ['offline-brief'] });
    expect(lines.some((l) => l['type'] === 'done')).toBe(true);
    const request = lastSent();
    expect(filesOf(request)[0]).toEqual(['notes.txt']);
    expect(request.messages[0]?.content).toBe('Look\n\n[Attached but not included: harbour.png (an image this model cannot see)]');
  });
});

describe('the upload route', () => {
  it('needs a signed-in user', async () => {
    const response = await fetch(`${server.url}/api/attachments?name=a.txt`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(response.status).toBe(401);
  });

  it('a chunked body over the largest limit (10 MB) is refused while it streams in', async () => {
    const u = await user();
    let sentBytes = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sentBytes > 12 * 1024 * 1024) return controller.close();
        sentBytes += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    // A connection of its own: the server closes it after refusing, and it must not be reused.
    const dispatcher = new Agent();
    const response = await fetch(`${server.url}/api/attachments?name=big.pdf`, {
      method: 'POST', headers: { ...u.auth, 'content-type': 'application/pdf' }, body, duplex: 'half', dispatcher,
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload_too_large', details: { maxBytes: 10 * 1024 * 1024 } });
    await dispatcher.destroy();
  });

  it('an unknown query field is a 400; a made-up attachment id is a 404; a fifth file is a 400 stating the limit', async () => {
    const u = await user();
    const extra = await fetch(`${server.url}/api/attachments?name=a.txt&userId=someone`, { method: 'POST', headers: { ...u.auth, 'content-type': 'text/plain' }, body: 'hi' });
    expect(extra.status).toBe(400);
    const foreign = await server.api('/api/chat', { method: 'POST', token: u.token, json: { message: 'x', modelIds: ['offline'], attachmentIds: ['00000000-0000-0000-0000-000000000000'] } });
    expect(foreign.status).toBe(404);
    const tooMany = await server.api('/api/chat', { method: 'POST', token: u.token, json: { message: 'x', modelIds: ['offline'], attachmentIds: ['a', 'b', 'c', 'd', 'e'] } });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { message: string }).message).toContain('at most 4 files');
  });
});
