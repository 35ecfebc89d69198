import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { browserLikeClient, latestMailTo, mailTo, startTestSupabase } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

// A six-digit code dies after five wrong tries (the stand-in's default), so guessing one takes a new
// e-mail every five guesses. supabase-js is the client; the table is read only to see the count.

let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

/** A six-digit code that is not `code`, different for each n. */
const wrongCode = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

async function sendCode(email: string): Promise<string> {
  const sent = await browserLikeClient(supabase).auth.signInWithOtp({ email });
  if (sent.error) throw sent.error;
  return (await latestMailTo(supabase, email)).code;
}

const verify = (email: string, token: string) => browserLikeClient(supabase).auth.verifyOtp({ email, token, type: 'email' });

async function outstandingCode(email: string): Promise<{ failed_attempts: number } | undefined> {
  const { rows } = await supabase.db.sql.query<{ failed_attempts: number }>(
    'select failed_attempts from auth.one_time_tokens where relates_to = $1',
    [email],
  );
  return rows[0];
}

describe('local Auth stand-in: wrong codes (a code dies after five)', () => {
  it('five wrong codes, then the right one fails as otp_expired until a new code is sent, and the new code works', async () => {
    const email = uniqueEmail('guessed');
    const code = await sendCode(email);
    for (let n = 1; n <= 5; n += 1) {
      const wrong = await verify(email, wrongCode(code, n));
      expect(wrong.error?.status).toBe(403);
      expect(wrong.error?.code).toBe('otp_expired');
    }
    expect(await outstandingCode(email)).toBeUndefined();
    const right = await verify(email, code);
    expect(right.error?.status).toBe(403);
    expect(right.error?.code).toBe('otp_expired');
    expect(right.error?.message).toBe('Token has expired or is invalid');
    expect(right.data.session).toBeNull();

    const fresh = await sendCode(email);
    expect(await mailTo(supabase, email)).toHaveLength(2);
    const signedIn = await verify(email, fresh);
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.user.email).toBe(email);
  });

  it('the magic link of a code that died no longer signs in either', async () => {
    const email = uniqueEmail('link-of-dead-code');
    const code = await sendCode(email);
    const { magicLink } = await latestMailTo(supabase, email);
    for (let n = 1; n <= 5; n += 1) await verify(email, wrongCode(code, n));
    const response = await fetch(magicLink, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('error_code=otp_expired');
  });

  it('four wrong codes leave the code alive: the right one still signs in', async () => {
    const email = uniqueEmail('four-wrong');
    const code = await sendCode(email);
    for (let n = 1; n <= 4; n += 1) await verify(email, wrongCode(code, n));
    expect(await outstandingCode(email)).toEqual({ failed_attempts: 4 });
    const right = await verify(email, code);
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email).toBe(email);
  });

  it('a new code starts its own count', async () => {
    const email = uniqueEmail('recount');
    const first = await sendCode(email);
    for (let n = 1; n <= 3; n += 1) await verify(email, wrongCode(first, n));
    const second = await sendCode(email);
    expect(await outstandingCode(email)).toEqual({ failed_attempts: 0 });
    for (let n = 1; n <= 4; n += 1) await verify(email, wrongCode(second, n));
    expect((await verify(email, second)).error).toBeNull();
  });

  it('parallel wrong codes are each counted: three at once leave exactly three', async () => {
    const email = uniqueEmail('parallel-three');
    const code = await sendCode(email);
    await Promise.all([1, 2, 3].map((n) => verify(email, wrongCode(code, n))));
    expect(await outstandingCode(email)).toEqual({ failed_attempts: 3 });
    expect((await verify(email, code)).error).toBeNull();
  });

  it('parallel wrong codes cannot go past the limit: after twenty at once the right code fails', async () => {
    const email = uniqueEmail('parallel-twenty');
    const code = await sendCode(email);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => verify(email, wrongCode(code, i + 1))));
    expect(answers.every((a) => a.error?.code === 'otp_expired')).toBe(true);
    expect(await outstandingCode(email)).toBeUndefined();
    expect((await verify(email, code)).error?.code).toBe('otp_expired');
  });

  it('a wrong code for one address does not count against another address’s code', async () => {
    const [mine, theirs] = [uniqueEmail('mine'), uniqueEmail('theirs')];
    const myCode = await sendCode(mine);
    await sendCode(theirs);
    for (let n = 1; n <= 5; n += 1) await verify(theirs, wrongCode(myCode, n));
    expect((await verify(mine, myCode)).error).toBeNull();
  });

  it('otpMaxAttempts sets the count, and 0 turns it off', async () => {
    const [three, off] = await Promise.all([startTestSupabase({ otpMaxAttempts: 3 }), startTestSupabase({ otpMaxAttempts: 0 })]);
    try {
      for (const [standIn, wrongTries, works] of [[three, 3, false], [three, 2, true], [off, 25, true]] as const) {
        const email = uniqueEmail(`attempts-${wrongTries}`);
        const client = browserLikeClient(standIn);
        await client.auth.signInWithOtp({ email });
        const { code } = await latestMailTo(standIn, email);
        for (let n = 1; n <= wrongTries; n += 1) await client.auth.verifyOtp({ email, token: wrongCode(code, n), type: 'email' });
        const right = await client.auth.verifyOtp({ email, token: code, type: 'email' });
        expect(right.error === null, `${wrongTries} wrong tries`).toBe(works);
      }
    } finally {
      await Promise.all([three.stop(), off.stop()]);
    }
  });
});
