// Attachments through the app server on the Supabase stand-in (Storage, REST, the real migrations),
// called over HTTP as the browser calls it, by their owner and by a hostile second user. Checks read
// the database and the Storage API themselves, not our adapters' view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { estimateTokens } from '../../../core/credits/index.js';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { signUpOnStandIn, startAppOnStandIn } from '../../support/app-on-stand-in.js';
import { minimalPdf } from '../../support/pdf-fixture.js';
import { pngBytes } from '../../support/storage-users.js';
import { readNdjson } from './server-harness.js';

let supabase: LocalSupabase;
let server: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server, close } = await startAppOnStandIn({ OFFLINE_MODEL_TOKEN_DELAY_MS: '0', RATE_LIMIT_BURST: '200' })), 60_000);
afterAll(() => close?.());

async function signedUp(credits = 10_000) {
  const user = await signUpOnStandIn(supabase, server.url, { tag: 'att', credits });
  const upload = (name: string, type: string, bytes: Uint8Array) =>
    fetch(`${server.url}/api/attachments?name=${encodeURIComponent(name)}`, { method: 'POST', headers: { ...user.auth, 'content-type': type }, body: bytes as Uint8Array<ArrayBuffer> });
  const attach = async (name: string, type: string, bytes: Uint8Array) => {
    const response = await upload(name, type, bytes);
    expect(response.status).toBe(201);
    return ((await response.json()) as { attachment: { id: string; kind: string; textTokens?: number } }).attachment;
  };
  return { ...user, upload, attach };
}

const rows = <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);
const textOf = (lines: Record<string, unknown>[]) => lines.flatMap((l) => (l['type'] === 'delta' ? [l['text'] as string] : [])).join('');
const holdsOf = async (userId: string) => Number((await rows<{ n: string | number }>('select count(*) as n from public.credit_holds where user_id = $1', [userId]))[0]?.n);

describe('uploading files', () => {
  it('an image, a text file and a PDF are kept in Storage under the user’s folder, with what the model will need', async () => {
    const user = await signedUp();
    const image = await user.attach('harbour.png', 'image/png', pngBytes(800, 600, 5000));
    expect(image).toMatchObject({ name: 'harbour.png', mediaType: 'image/png', kind: 'image', size: 5000, width: 800, height: 600 });
    const notes = await user.attach('notes.md', '', new TextEncoder().encode('# Tides\nHigh water at six.'));
    expect(notes).toMatchObject({ kind: 'text', mediaType: 'text/markdown', textTokens: 7 });
    const pdf = await user.attach('tides.pdf', 'application/pdf', minimalPdf([['Tide table for the harbour']]));
    expect(pdf).toMatchObject({ kind: 'pdf', mediaType: 'application/pdf' });
    expect(pdf.textTokens).toBeGreaterThan(0);
    const stored = await rows<{ name: string }>("select name from storage.objects where bucket_id = 'attachments' and owner_id is null and name like $1 order by name", [`${user.userId}/%`]);
    expect(stored.map((o) => o.name).sort()).toEqual([`${user.userId}/${image.id}`, `${user.userId}/${notes.id}`, `${user.userId}/${pdf.id}`, `${user.userId}/${pdf.id}.txt`].sort());

    const content = await user.call('GET', `/api/attachments/${image.id}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(pngBytes(800, 600, 5000));
    const link = (await (await user.call('GET', `/api/attachments/${notes.id}/link`)).json()) as { url: string; expiresInSeconds: number };
    expect(link.expiresInSeconds).toBe(300);
    expect(await (await fetch(link.url)).text()).toBe('# Tides\nHigh water at six.');
  });

  it('refuses with the limits stated: 415 for a type we do not take or bytes that are not what they claim, 413 over a kind’s limit', async () => {
    const user = await signedUp();
    const gif = await user.upload('anim.gif', 'image/gif', new Uint8Array([0x47, 0x49, 0x46]));
    expect(gif.status).toBe(415);
    expect(await gif.json()).toMatchObject({ error: 'unsupported_media_type', message: 'anim.gif is not a file type that can be attached: images (PNG, JPEG, WebP) up to 3.75 MB and 8000 pixels a side, text and code files up to 1 MB, PDFs up to 10 MB' });
    const fake = await user.upload('photo.png', 'image/png', new TextEncoder().encode('this is text'));
    expect(fake.status).toBe(415);
    expect(((await fake.json()) as { message: string }).message).toBe('photo.png is not a PNG image, whatever its name says');
    const binary = await user.upload('data.txt', 'text/plain', pngBytes());
    expect(binary.status).toBe(415);
    const big = await user.upload('huge.png', 'image/png', pngBytes(10, 10, 5 * 1024 * 1024 + 10));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'payload_too_large', message: 'huge.png is 5 MB; an image may be at most 3.75 MB', details: { maxBytes: 3.75 * 1024 * 1024 } });
    const longText = await user.upload('log.txt', 'text/plain', new TextEncoder().encode('x'.repeat(1024 * 1024 + 1)));
    expect(longText.status).toBe(413);
    const overAll = await user.upload('book.pdf', 'application/pdf', new Uint8Array(10 * 1024 * 1024 + 1));
    expect(overAll.status).toBe(413);
    const scanned = await user.upload('scan.pdf', 'application/pdf', minimalPdf([[]]));
    expect(scanned.status).toBe(400);
    expect(((await scanned.json()) as { message: string }).message).toContain('has no text to read');
    const nameless = await fetch(`${server.url}/api/attachments`, { method: 'POST', headers: { ...user.auth, 'content-type': 'text/plain' }, body: 'hi' });
    expect(nameless.status).toBe(400);
    expect(await rows('select 1 from storage.objects where name like $1', [`${user.userId}/%`])).toEqual([]);
  });
});

describe('chatting with files', () => {
  it('the offline model acknowledges an image and a text file; the message keeps them, a reopened chat shows them, later turns send them again', async () => {
    const user = await signedUp();
    const image = await user.attach('harbour.png', 'image/png', pngBytes(64, 48, 400));
    const notes = await user.attach('notes.txt', 'text/plain', new TextEncoder().encode('Bring the lamp oil'));
    const first = await user.call('POST', '/api/chat', { message: 'What do you see?', modelIds: ['offline'], attachmentIds: [image.id, notes.id] });
    expect(first.status).toBe(200);
    const lines = await readNdjson(first);
    expect(textOf(lines)).toContain('_Attached: harbour.png (image/png, 400 B, 64×48 pixels); notes.txt (text/plain, 18 B, 4 words)._');
    const { conversationId, userMessageId } = lines[0] as { conversationId: string; userMessageId: string };
    const [stored] = await rows<{ attachments: { id: string }[] }>('select attachments from public.messages where id = $1', [userMessageId]);
    expect(stored?.attachments.map((a) => a.id)).toEqual([image.id, notes.id]);
    const finishFirst = lines.find((l) => l['type'] === 'finish') as { usage: { inputTokens: number; outputTokens: number } };

    const reopened = (await (await user.call('GET', `/api/conversations/${conversationId}`)).json()) as { messages: { role: string; attachments?: { name: string }[] }[] };
    expect(reopened.messages[0]?.attachments?.map((a) => a.name)).toEqual(['harbour.png', 'notes.txt']);

    // A later turn sends the earlier files again: its input is the first prompt (files included),
    // the first answer and the estimate of "And now?", exactly.
    const second = await readNdjson(await user.call('POST', '/api/chat', { conversationId, message: 'And now?', modelIds: ['offline'] }));
    const finishSecond = second.find((l) => l['type'] === 'finish') as { usage: { inputTokens: number } };
    expect(finishSecond.usage.inputTokens).toBe(finishFirst.usage.inputTokens + finishFirst.usage.outputTokens + estimateTokens('And now?'));
    expect(textOf(second)).not.toContain('_Attached:');
  });

  it('an image to a model that cannot read images is refused before anything is held, saved or charged', async () => {
    const user = await signedUp();
    const image = await user.attach('harbour.png', 'image/png', pngBytes(64, 48, 400));
    const before = await rows<{ credits: number }>('select credits from public.profiles where id = $1', [user.userId]);
    const refused = await user.call('POST', '/api/chat', { message: 'Describe it', modelIds: ['offline', 'offline-brief'], attachmentIds: [image.id] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'validation',
      message: 'Offline model, brief (local, no network) cannot read images: remove harbour.png or choose a model that reads images',
      details: { reason: 'images_not_supported', modelIds: ['offline-brief'] },
    });
    expect(await rows('select 1 from public.conversations where user_id = $1', [user.userId])).toEqual([]);
    expect(await holdsOf(user.userId)).toBe(0);
    expect(await rows<{ credits: number }>('select credits from public.profiles where id = $1', [user.userId])).toEqual(before);
    // A text file goes to any model.
    const notes = await user.attach('notes.txt', 'text/plain', new TextEncoder().encode('Bring the lamp oil'));
    const lines = await readNdjson(await user.call('POST', '/api/chat', { message: 'Read it', modelIds: ['offline-brief'], attachmentIds: [notes.id] }));
    expect(textOf(lines)).toContain('_Attached: notes.txt (text/plain, 18 B, 4 words)._');
  });

  it('files are priced by their tokens: a long text file needs the credits to read it', async () => {
    const user = await signedUp(20);
    const long = await user.attach('long.txt', 'text/plain', new TextEncoder().encode('word '.repeat(100_000)));
    const refused = await user.call('POST', '/api/chat', { message: 'Summarise', modelIds: ['offline'], attachmentIds: [long.id] });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { details: { required: number } }).details.required).toBeGreaterThan(100);
    const short = await user.attach('short.txt', 'text/plain', new TextEncoder().encode('word'));
    expect((await user.call('POST', '/api/chat', { message: 'Summarise', modelIds: ['offline'], attachmentIds: [short.id] })).status).toBe(200);
  });
});

describe('a hostile second user', () => {
  it('cannot read, link, delete or attach another user’s file; nothing of it changes', async () => {
    const owner = await signedUp();
    const mallory = await signedUp();
    const secret = await owner.attach('diary.txt', 'text/plain', new TextEncoder().encode('my secret'));
    expect((await mallory.call('GET', `/api/attachments/${secret.id}/content`)).status).toBe(404);
    expect((await mallory.call('GET', `/api/attachments/${secret.id}/link`)).status).toBe(404);
    expect((await mallory.call('DELETE', `/api/attachments/${secret.id}`)).status).toBe(404);
    const stolen = await mallory.call('POST', '/api/chat', { message: 'What does it say?', modelIds: ['offline'], attachmentIds: [secret.id] });
    expect(stolen.status).toBe(404);
    expect(await rows('select 1 from public.conversations where user_id = $1', [mallory.userId])).toEqual([]);
    // Edit-last with someone else's file: refused, the conversation as it was.
    const own = await readNdjson(await mallory.call('POST', '/api/chat', { message: 'Hello', modelIds: ['offline'] }));
    const conversationId = (own[0] as { conversationId: string }).conversationId;
    const edit = await mallory.call('POST', '/api/chat/edit-last', { conversationId, message: 'Hello again', attachmentIds: [secret.id] });
    expect(edit.status).toBe(404);
    expect((await rows<{ content: string }>("select content from public.messages where conversation_id = $1 and role = 'user'", [conversationId])).map((m) => m.content)).toEqual(['Hello']);
    // Made-up and malformed ids are refused the same way.
    expect((await mallory.call('GET', '/api/attachments/not-a-uuid/content')).status).toBe(404);
    expect((await mallory.call('GET', `/api/attachments/${owner.userId}%2F${secret.id}/content`)).status).toBe(404);
    expect(await (await owner.call('GET', `/api/attachments/${secret.id}/content`)).text()).toBe('my secret');
  });

  it('the owner deletes a file: it is gone from Storage; a conversation that carried it still opens', async () => {
    const owner = await signedUp();
    const file = await owner.attach('old.txt', 'text/plain', new TextEncoder().encode('old news'));
    const lines = await readNdjson(await owner.call('POST', '/api/chat', { message: 'Keep this', modelIds: ['offline'], attachmentIds: [file.id] }));
    const conversationId = (lines[0] as { conversationId: string }).conversationId;
    expect((await owner.call('DELETE', `/api/attachments/${file.id}`)).status).toBe(204);
    expect(await rows('select 1 from storage.objects where name = $1', [`${owner.userId}/${file.id}`])).toEqual([]);
    const next = await owner.call('POST', '/api/chat', { conversationId, message: 'Still there?', modelIds: ['offline'] });
    expect(next.status).toBe(200);
    expect(textOf(await readNdjson(next))).toContain('Offline answer');
  });
});

