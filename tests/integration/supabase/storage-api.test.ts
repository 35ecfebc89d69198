// The stand-in's Storage API through supabase-js's storage client: upload, download, info, signed
// URLs and remove, with the attachments bucket's per-user policies enforced by Postgres.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StorageError } from '@supabase/storage-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { startTestSupabase } from '../../support/local-supabase.js';
import { anonRoleClient, createStandInUser, pngBytes, serviceRoleClient, type StandInUser } from '../../support/storage-users.js';

let supabase: LocalSupabase;
let alice: StandInUser;
let mallory: StandInUser;

beforeAll(async () => {
  supabase = await startTestSupabase();
  alice = await createStandInUser(supabase);
  mallory = await createStandInUser(supabase);
});
afterAll(async () => {
  await supabase?.stop();
});

const bucket = (user: StandInUser) => user.client.storage.from('attachments');
const statusOf = (error: unknown) => (error as StorageError & { statusCode?: string }).statusCode;

describe('Storage API of the stand-in (storage-js)', () => {
  it('uploads, downloads, describes and signs an object of the caller’s own folder', async () => {
    const png = pngBytes(4, 5, 2048);
    const path = `${alice.id}/photo`;
    const up = await bucket(alice).upload(path, png, { contentType: 'image/png', metadata: { name: 'cat.png' } });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `attachments/${path}` });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const down = await bucket(alice).download(path);
    expect(down.error).toBeNull();
    expect(new Uint8Array(await down.data!.arrayBuffer())).toEqual(png);
    expect(down.data?.type).toBe('image/png');

    const info = await bucket(alice).info(path);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: path, size: 2048, contentType: 'image/png', metadata: { name: 'cat.png' }, bucketId: 'attachments' });
    expect((await bucket(alice).exists(path)).data).toBe(true);

    const signed = await bucket(alice).createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const fetched = await fetch(signed.data!.signedUrl);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(png);
    // The token names its object: put on another path it opens nothing.
    const moved = signed.data!.signedUrl.replace('/photo?', '/other?');
    const refused = await fetch(moved);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });
  });

  it('another user can neither read, describe, sign, replace nor delete it, nor write into that folder', async () => {
    const path = `${alice.id}/private-notes`;
    expect((await bucket(alice).upload(path, new TextEncoder().encode('secret'), { contentType: 'text/plain' })).error).toBeNull();

    const read = await bucket(mallory).download(path);
    expect(read.data).toBeNull();
    expect(statusOf(read.error)).toBe('404');
    expect(statusOf((await bucket(mallory).info(path)).error)).toBe('404');
    expect(statusOf((await bucket(mallory).createSignedUrl(path, 60)).error)).toBe('404');
    const many = await bucket(mallory).createSignedUrls([path], 60);
    expect(many.data?.[0]).toMatchObject({ signedUrl: null, error: expect.stringContaining('does not exist') });
    const upsert = await bucket(mallory).upload(path, new TextEncoder().encode('mine now'), { contentType: 'text/plain', upsert: true });
    expect(statusOf(upsert.error)).toBe('403');
    const intrude = await bucket(mallory).upload(`${alice.id}/planted`, new TextEncoder().encode('x'), { contentType: 'text/plain' });
    expect(statusOf(intrude.error)).toBe('403');
    expect(intrude.error?.message).toBe('new row violates row-level security policy');
    const removed = await bucket(mallory).remove([path]);
    expect(removed.data).toEqual([]);
    expect(await (await bucket(alice).download(path)).data?.text()).toBe('secret');
    // Signed out (the anon key) reads nothing either; the service role reads everything.
    expect(statusOf((await anonRoleClient(supabase).storage.from('attachments').download(path)).error)).toBe('404');
    expect(await (await serviceRoleClient(supabase).storage.from('attachments').download(path)).data?.text()).toBe('secret');
  });

  it('a second upload to a name is a 409 unless it upserts; an upsert replaces the bytes', async () => {
    const path = `${alice.id}/twice`;
    expect((await bucket(alice).upload(path, new TextEncoder().encode('one'), { contentType: 'text/plain' })).error).toBeNull();
    const again = await bucket(alice).upload(path, new TextEncoder().encode('two'), { contentType: 'text/plain' });
    expect(statusOf(again.error)).toBe('409');
    expect(again.error?.message).toBe('The resource already exists');
    expect((await bucket(alice).upload(path, new TextEncoder().encode('three'), { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect(await (await bucket(alice).download(path)).data?.text()).toBe('three');
    expect((await bucket(alice).update(path, new TextEncoder().encode('four'), { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await bucket(alice).download(path)).data?.text()).toBe('four');
  });

  it('refuses a type the bucket does not allow (415), a body over its limit (413), and an unknown bucket', async () => {
    const exe = await bucket(alice).upload(`${alice.id}/tool`, new Uint8Array([0x4d, 0x5a]), { contentType: 'application/x-msdownload' });
    expect(statusOf(exe.error)).toBe('415');
    expect(exe.error?.message).toBe('mime type application/x-msdownload is not supported');
    const big = await bucket(alice).upload(`${alice.id}/big`, new Uint8Array(10 * 1024 * 1024 + 1), { contentType: 'application/pdf' });
    expect(statusOf(big.error)).toBe('413');
    expect((await bucket(alice).exists(`${alice.id}/big`)).data).toBe(false);
    const nowhere = await alice.client.storage.from('nowhere').upload(`${alice.id}/x`, new Uint8Array([1]), { contentType: 'text/plain' });
    expect(nowhere.error?.message).toBe('Bucket not found');
  });

  it('takes a Blob as multipart form data, as a browser sends it', async () => {
    const path = `${alice.id}/from-browser`;
    const blob = new Blob(['# Notes\n'], { type: 'text/markdown' });
    expect((await bucket(alice).upload(path, blob)).error).toBeNull();
    const down = await bucket(alice).download(path);
    expect(down.data?.type).toBe('text/markdown');
    expect(await down.data?.text()).toBe('# Notes\n');
  });

  it('removes objects: the answer lists them, and they are gone', async () => {
    const path = `${alice.id}/to-remove`;
    await bucket(alice).upload(path, new TextEncoder().encode('bye'), { contentType: 'text/plain' });
    const removed = await bucket(alice).remove([path, `${alice.id}/never-was`]);
    expect(removed.error).toBeNull();
    expect(removed.data?.map((o) => o.name)).toEqual([path]);
    expect(statusOf((await bucket(alice).download(path)).error)).toBe('404');
  });

  it('a request without a valid token is refused', async () => {
    const response = await fetch(`${supabase.url}/storage/v1/object/attachments/${alice.id}/photo`, { headers: { Authorization: 'Bearer not-a-jwt' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
  });
});

describe('Storage bytes on disk', () => {
  it('keeps them under the data folder, folders 0700 and files 0600', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ensemble-storage-'));
    try {
      const local = await startTestSupabase({ dataDir });
      const user = await createStandInUser(local);
      const path = `${user.id}/kept`;
      expect((await user.client.storage.from('attachments').upload(path, new TextEncoder().encode('on disk'), { contentType: 'text/plain' })).error).toBeNull();
      const folder = join(dataDir, 'storage', 'attachments');
      const [file] = (await readdir(folder)).filter((name) => !name.startsWith('.'));
      expect((await stat(folder)).mode & 0o777).toBe(0o700);
      expect((await stat(join(folder, file!))).mode & 0o777).toBe(0o600);
      const again = await serviceRoleClient(local).storage.from('attachments').download(path);
      expect(await again.data?.text()).toBe('on disk');
      await local.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
