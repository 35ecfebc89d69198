import { describe, expect, it } from 'vitest';
import { parseModelGatewayConfig } from '../../../adapters/models/model-gateway-config.js';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import { recordingLogger } from './model-test-kit.js';

function problemsOf(env: Record<string, string>): string {
  const result = parseModelGatewayConfig(env);
  if (result.success) throw new Error('expected a configuration error');
  expect(result.error.code).toBe('validation');
  return result.error.message;
}

describe('model provider configuration: providers configured by environment variables', () => {
  it('an empty environment configures no provider and the offline model with its default delay', () => {
    const result = parseModelGatewayConfig({});
    expect(result).toEqual({
      success: true,
      data: { openai: null, anthropic: null, google: null, openaiCompatible: null, offline: { tokenDelayMs: 15 } },
    });
  });

  it('blank values (KEY= in a .env file) count as unset', () => {
    const result = parseModelGatewayConfig({ OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '   ', OPENAI_COMPATIBLE_MODELS: '' });
    expect(result.success && result.data.openai === null && result.data.anthropic === null).toBe(true);
  });

  it('reads every provider, trims the base URL and maps catalogue ids to upstream names', () => {
    const result = parseModelGatewayConfig({
      OPENAI_API_KEY: 'sk-openai',
      ANTHROPIC_API_KEY: 'sk-ant',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g-key',
      OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1/',
      OPENAI_COMPATIBLE_MODELS: ' llama3.1 , qwen=qwen2.5:7b ',
      OFFLINE_MODEL_TOKEN_DELAY_MS: '0',
    });
    if (!result.success) throw new Error(result.error.message);
    expect(result.data.openai).toEqual({ apiKey: 'sk-openai' });
    expect(result.data.anthropic).toEqual({ apiKey: 'sk-ant' });
    expect(result.data.google).toEqual({ apiKey: 'g-key' });
    expect(result.data.openaiCompatible?.baseUrl).toBe('http://localhost:11434/v1');
    expect(result.data.openaiCompatible?.apiKey).toBeUndefined();
    expect([...(result.data.openaiCompatible?.models ?? [])]).toEqual([
      ['llama3.1', 'llama3.1'],
      ['qwen', 'qwen2.5:7b'],
    ]);
    expect(result.data.offline.tokenDelayMs).toBe(0);
  });

  it('a base URL that is not an absolute http(s) URL is named in the error', () => {
    expect(problemsOf({ OPENAI_COMPATIBLE_BASE_URL: 'localhost:11434', OPENAI_COMPATIBLE_MODELS: 'm' })).toMatch(
      /OPENAI_COMPATIBLE_BASE_URL must be an absolute http\(s\) URL/,
    );
    expect(problemsOf({ OPENAI_COMPATIBLE_BASE_URL: 'ftp://host/v1', OPENAI_COMPATIBLE_MODELS: 'm' })).toMatch(
      /OPENAI_COMPATIBLE_BASE_URL/,
    );
  });

  it('a base URL without a model list says which variable is missing', () => {
    expect(problemsOf({ OPENAI_COMPATIBLE_BASE_URL: 'https://openrouter.ai/api/v1' })).toMatch(
      /OPENAI_COMPATIBLE_MODELS is required when OPENAI_COMPATIBLE_BASE_URL is set/,
    );
  });

  it('a model list or key without a base URL is reported rather than silently ignored', () => {
    const message = problemsOf({ OPENAI_COMPATIBLE_MODELS: 'm', OPENAI_COMPATIBLE_API_KEY: 'k' });
    expect(message).toMatch(/OPENAI_COMPATIBLE_MODELS is set but OPENAI_COMPATIBLE_BASE_URL is not/);
    expect(message).toMatch(/OPENAI_COMPATIBLE_API_KEY is set but OPENAI_COMPATIBLE_BASE_URL is not/);
  });

  it('a malformed model list entry is quoted in the error', () => {
    expect(problemsOf({ OPENAI_COMPATIBLE_BASE_URL: 'http://h/v1', OPENAI_COMPATIBLE_MODELS: 'ok,a=b=c' })).toMatch(
      /OPENAI_COMPATIBLE_MODELS entry "a=b=c" is not "id" or "id=upstream-model"/,
    );
  });

  it('a key with whitespace inside is rejected without echoing the key', () => {
    const message = problemsOf({ OPENAI_API_KEY: 'sk-secret with-space' });
    expect(message).toMatch(/OPENAI_API_KEY must not contain whitespace/);
    expect(message).not.toContain('sk-secret');
  });

  it('a token delay that is not a whole number of milliseconds is rejected', () => {
    expect(problemsOf({ OFFLINE_MODEL_TOKEN_DELAY_MS: '-5' })).toMatch(/OFFLINE_MODEL_TOKEN_DELAY_MS must be a whole number/);
    expect(problemsOf({ OFFLINE_MODEL_TOKEN_DELAY_MS: '1.5' })).toMatch(/OFFLINE_MODEL_TOKEN_DELAY_MS/);
  });

  it('every problem is reported at once, and unrelated variables are never read', () => {
    const result = parseModelGatewayConfig({
      OPENAI_COMPATIBLE_BASE_URL: 'nope',
      OFFLINE_MODEL_TOKEN_DELAY_MS: 'soon',
      DATABASE_PASSWORD: 'hunter2',
    });
    if (result.success) throw new Error('expected a configuration error');
    expect(result.error.details?.['problems']).toHaveLength(3);
    expect(result.error.message).toMatch(/^Invalid model provider configuration: /);
    expect(JSON.stringify(result.error)).not.toContain('hunter2');
  });

  it('createModelGateway passes a configuration error back as a value', () => {
    const result = createModelGateway({ env: { OPENAI_COMPATIBLE_MODELS: 'm' }, catalogue: [], logger: recordingLogger() });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toMatch(/OPENAI_COMPATIBLE_BASE_URL is not/);
  });
});

describe('first-party base URLs (proxies, regional endpoints, local stand-ins)', () => {
  it('OPENAI_BASE_URL, ANTHROPIC_BASE_URL and GOOGLE_GENERATIVE_AI_BASE_URL are read with their key, trailing slashes trimmed', () => {
    const result = parseModelGatewayConfig({
      OPENAI_API_KEY: 'sk-openai',
      OPENAI_BASE_URL: 'https://proxy.example.com/openai/v1/',
      ANTHROPIC_API_KEY: 'sk-ant',
      ANTHROPIC_BASE_URL: ' http://127.0.0.1:9000/v1 ',
      GOOGLE_GENERATIVE_AI_API_KEY: 'g-key',
      GOOGLE_GENERATIVE_AI_BASE_URL: 'https://eu.example.com/v1beta//',
    });
    if (!result.success) throw new Error(result.error.message);
    expect(result.data.openai).toEqual({ apiKey: 'sk-openai', baseUrl: 'https://proxy.example.com/openai/v1' });
    expect(result.data.anthropic).toEqual({ apiKey: 'sk-ant', baseUrl: 'http://127.0.0.1:9000/v1' });
    expect(result.data.google).toEqual({ apiKey: 'g-key', baseUrl: 'https://eu.example.com/v1beta' });
  });

  it('without a base URL the provider has none (the registry uses the public API)', () => {
    const result = parseModelGatewayConfig({ OPENAI_API_KEY: 'sk-openai', OPENAI_BASE_URL: '' });
    expect(result.success && result.data.openai).toEqual({ apiKey: 'sk-openai' });
  });

  it.each(['OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL', 'GOOGLE_GENERATIVE_AI_BASE_URL'])(
    '%s that is not an absolute http(s) URL is named in the error',
    (name) => {
      const keys = { OPENAI_API_KEY: 'a', ANTHROPIC_API_KEY: 'b', GOOGLE_GENERATIVE_AI_API_KEY: 'c' };
      expect(problemsOf({ ...keys, [name]: 'api.example.com/v1' })).toMatch(new RegExp(`${name} must be an absolute http\\(s\\) URL`));
      expect(problemsOf({ ...keys, [name]: 'ftp://api.example.com/v1' })).toMatch(new RegExp(name));
    },
  );

  it.each([
    ['OPENAI_BASE_URL', 'OPENAI_API_KEY'],
    ['ANTHROPIC_BASE_URL', 'ANTHROPIC_API_KEY'],
    ['GOOGLE_GENERATIVE_AI_BASE_URL', 'GOOGLE_GENERATIVE_AI_API_KEY'],
  ])('%s without %s is an error, not silently ignored', (urlName, keyName) => {
    expect(problemsOf({ [urlName]: 'https://api.example.com/v1' })).toMatch(`${urlName} is set but ${keyName} is not`);
  });
});
