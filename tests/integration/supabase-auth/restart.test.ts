import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserLikeClient, latestMailTo, mailTo, startTestSupabase } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'supabase-local-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('local stand-in on a data folder: keys in .data/, data persisted', () => {
  it('a restart keeps keys, users, sessions and the mailbox', async () => {
    const email = uniqueEmail('restart');
    const first = await startTestSupabase({ dataDir });
    let accessToken: string;
    try {
      const client = browserLikeClient(first);
      await client.auth.signInWithOtp({ email });
      const { data } = await client.auth.verifyOtp({ email, token: (await latestMailTo(first, email)).code, type: 'email' });
      accessToken = data.session!.access_token;
    } finally {
      await first.stop();
    }
    // No template this time: the database already in the folder is opened, as on a developer's machine.
    const second = await startTestSupabase({ dataDir, dbTemplate: undefined });
    try {
      expect(second.anonKey).toBe(first.anonKey);
      expect(await mailTo(second, email)).toHaveLength(1);
      // The issuer names the port, which changes with port 0, but the signature and session hold.
      const { data, error } = await browserLikeClient(second).auth.getUser(accessToken);
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
    } finally {
      await second.stop();
    }
  });

  it('a taken port fails the start with a message naming it, and leaves nothing running', async () => {
    const running = await startTestSupabase();
    try {
      const port = Number(new URL(running.url).port);
      await expect(startTestSupabase({ port })).rejects.toThrow(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await running.stop();
    }
  });
});
