import { describe, expect, it } from 'vitest';
import { appOrigins, requestAppUrl } from '../../../web/server/http/app-origin.js';

describe("the app's own origins (sign-in links and checkout returns go back to the origin that asked)", () => {
  it('a loopback public address is the app under every loopback name, on the same port', () => {
    expect(appOrigins('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(appOrigins('http://127.0.0.1:5173/')).toEqual(['http://localhost:5173', 'http://127.0.0.1:5173', 'http://[::1]:5173']);
  });

  it('a public address on the internet is only itself', () => {
    expect(appOrigins('https://ensemble.example')).toEqual(['https://ensemble.example']);
    expect(appOrigins('https://localhost.example:8443')).toEqual(['https://localhost.example:8443']);
  });

  it('a request through one of the app\'s own origins keeps that origin; any other gets the public address', () => {
    expect(requestAppUrl('http://localhost:3000', 'http://127.0.0.1:3000/api/billing/checkout')).toBe('http://127.0.0.1:3000');
    expect(requestAppUrl('http://localhost:3000', 'http://localhost:3000/api/billing/checkout')).toBe('http://localhost:3000');
    // Another port, or a name that is not the app's, is not this app: the public address.
    expect(requestAppUrl('http://localhost:3000', 'http://127.0.0.1:3001/api/billing/checkout')).toBe('http://localhost:3000');
    expect(requestAppUrl('https://ensemble.example', 'http://10.0.0.5:3000/api/billing/checkout')).toBe('https://ensemble.example');
    expect(requestAppUrl('https://ensemble.example', 'http://evil.example/api/billing/checkout')).toBe('https://ensemble.example');
  });

  it('without a public address the request\'s own origin is the app', () => {
    expect(requestAppUrl(null, 'http://127.0.0.1:4000/api/billing/portal')).toBe('http://127.0.0.1:4000');
  });
});
