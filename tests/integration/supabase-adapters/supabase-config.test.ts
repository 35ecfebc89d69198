import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SUPABASE_URL_MESSAGE, createSupabaseClients, parseSupabaseConfig } from '../../../adapters/supabase/supabase-config.js';
import { startTestSupabase } from '../../support/local-supabase.js';

const keys = { anonKey: 'anon-key', serviceRoleKey: 'service-key' };

describe('app §5: the backend address must be a valid URL of a project on the provider host', () => {
  it.each([
    'not a url',
    '',
    'supabase.co',
    'abcd.supabase.co',
    'ftp://abcd.supabase.co',
    'http://abcd.supabase.co',
    'https://abcd.supabase.co/rest/v1',
    'https://abcd.supabase.co?x=1',
    'https://user:pass@abcd.supabase.co',
    'https://example.com',
    'http://192.168.1.10:54321',
  ])('refuses %j with the message naming the expected form', (url) => {
    const parsed = parseSupabaseConfig({ url, ...keys });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.code).toBe('validation');
      expect(parsed.error.message).toBe(SUPABASE_URL_MESSAGE);
    }
    expect(() => createSupabaseClients({ url, ...keys })).toThrow(SUPABASE_URL_MESSAGE);
  });

  it('the message says it must be a URL of the form https://<project-ref>.supabase.co', () => {
    expect(SUPABASE_URL_MESSAGE).toContain('SUPABASE_URL must be a valid URL of the form https://<project-ref>.supabase.co');
  });

  it('a missing address is refused with the same message', () => {
    const parsed = parseSupabaseConfig({ anonKey: 'anon-key' });
    expect(parsed.success ? 'ok' : parsed.error.message).toBe(SUPABASE_URL_MESSAGE);
  });

  it.each([
    ['https://abcdefghijklmnop.supabase.co', 'https://abcdefghijklmnop.supabase.co'],
    ['https://abcdefghijklmnop.supabase.co/', 'https://abcdefghijklmnop.supabase.co'],
    ['  https://ABCD.supabase.in  ', 'https://ABCD.supabase.in'],
    ['http://localhost:54321', 'http://localhost:54321'],
    ['http://127.0.0.1:54321/', 'http://127.0.0.1:54321'],
  ])('accepts %j (the hosted form, or the local stand-in on a loopback address)', (url, expected) => {
    const parsed = parseSupabaseConfig({ url, ...keys });
    expect(parsed.success && parsed.data.url).toBe(expected);
  });

  it('lists every problem at once: the address and a missing anon key', () => {
    const parsed = parseSupabaseConfig({ url: 'nope', anonKey: ' ' });
    expect(parsed.success ? 'ok' : parsed.error.message).toBe(`${SUPABASE_URL_MESSAGE}; SUPABASE_ANON_KEY is required`);
  });

  it('builds no service client without a service-role key', () => {
    expect(createSupabaseClients({ url: 'http://127.0.0.1:54321', anonKey: 'anon-key' }).service).toBeNull();
  });
});

describe('the clients createSupabaseClients builds talk to the local stand-in', () => {
  let supabase: LocalSupabase;
  beforeAll(async () => {
    supabase = await startTestSupabase();
  });
  afterAll(async () => {
    await supabase?.stop();
  });

  it('the anon client reads public data and the service client reads past row-level security', async () => {
    const { browser, service } = createSupabaseClients({ url: `${supabase.url}/`, anonKey: supabase.anonKey, serviceRoleKey: supabase.serviceRoleKey });
    const models = await browser.from('models').select('id').eq('id', 'offline');
    expect(models.data).toEqual([{ id: 'offline' }]);
    const profiles = await browser.from('profiles').select('id').limit(1);
    expect(profiles.error?.code).toBe('42501');
    const asService = await service!.from('profiles').select('id').limit(1);
    expect(asService.error).toBeNull();
  });
});
