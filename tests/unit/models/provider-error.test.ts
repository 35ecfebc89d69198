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

  it('shortens a very long provider message to one line', () => {
    const failure = mapProviderError(apiError(500, `line one\n${'x'.repeat(1000)}`), 'OpenAI');
    expect(failure.message.length).toBeLessThan(340);
    expect(failure.message).not.toContain('\n');
  });
});
