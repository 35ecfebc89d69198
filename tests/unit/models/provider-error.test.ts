import { APICallError, LoadAPIKeyError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { mapProviderError } from '../../../adapters/models/provider-error.js';

const apiError = (statusCode: number | undefined, message: string, data?: unknown) =>
  new APICallError({ message, url: 'https://api.example/v1/chat', requestBodyValues: {}, statusCode, data });

describe('provider errors mapped at the adapter edge: a clear error event', () => {
  it('keeps the provider explanation from an OpenAI-style error body', () => {
    const failure = mapProviderError(apiError(404, 'Not Found', { error: { message: 'The model `gpt-9` does not exist' } }), 'OpenAI');
    expect(failure).toMatchObject({ code: 'model_unavailable', message: 'OpenAI answered HTTP 404: The model `gpt-9` does not exist' });
  });

  it('unwraps retries to the last error and counts the attempts for the log', () => {
    const errors = [apiError(503, 'overloaded'), apiError(503, 'still overloaded')];
    const failure = mapProviderError(new RetryError({ message: 'failed after 2 attempts', reason: 'maxRetriesExceeded', errors }), 'Anthropic');
    expect(failure).toEqual({
      code: 'network',
      message: 'Anthropic answered HTTP 503: still overloaded',
      details: { status: 503, url: 'https://api.example/v1/chat', attempts: 2, retryable: true },
    });
  });

  it('a 400 is unexpected, a missing key is model_unavailable, anything else is unexpected with its text', () => {
    expect(mapProviderError(apiError(400, 'bad request'), 'Google').code).toBe('unexpected');
    expect(mapProviderError(new LoadAPIKeyError({ message: 'API key is missing' }), 'Google')).toMatchObject({
      code: 'model_unavailable',
      message: 'Google is not usable: API key is missing',
    });
    expect(mapProviderError('socket hang up', 'X').message).toBe('X failed while streaming: socket hang up');
  });

  it('a refusal of a conversation longer than the model reads is context_too_long, however the provider words it', () => {
    const openai = { error: { message: 'Your input exceeds the context window of this model.', type: 'invalid_request_error', param: 'input', code: 'context_length_exceeded' } };
    expect(mapProviderError(apiError(400, 'Bad Request', openai), 'OpenAI')).toMatchObject({ code: 'context_too_long', message: 'OpenAI answered HTTP 400: Your input exceeds the context window of this model.' });
    // The code alone says it, whatever the message.
    expect(mapProviderError(apiError(400, 'Bad Request', { error: { message: 'too big', code: 'context_length_exceeded' } }), 'OpenAI').code).toBe('context_too_long');
    expect(mapProviderError(apiError(400, 'prompt is too long: 215000 tokens > 200000 maximum'), 'Anthropic').code).toBe('context_too_long');
    expect(mapProviderError(apiError(400, 'The input token count (1250000) exceeds the maximum number of tokens allowed (1048576).'), 'Google').code).toBe('context_too_long');
    // A local server (llama.cpp) that answers 413 in its own words.
    expect(mapProviderError(apiError(413, 'the request exceeds the available context size, try increasing it'), 'Local').code).toBe('context_too_long');
    // Other refusals keep their codes: a bad parameter, a request too large in bytes, a rate limit that names tokens.
    expect(mapProviderError(apiError(400, 'max_tokens is too large: 100000. This model supports at most 4096 completion tokens'), 'OpenAI').code).toBe('unexpected');
    expect(mapProviderError(apiError(413, 'Request exceeds the maximum allowed number of bytes.'), 'Anthropic').code).toBe('unexpected');
    expect(mapProviderError(apiError(429, 'Rate limit reached for tokens per min (TPM): Limit 30000, Requested 50000.'), 'OpenAI').code).toBe('rate_limited');
  });

  it('shortens a very long provider message to one line', () => {
    const failure = mapProviderError(apiError(500, `line one\n${'x'.repeat(1000)}`), 'OpenAI');
    expect(failure.message.length).toBeLessThan(340);
    expect(failure.message).not.toContain('\n');
  });
});
