import { describe, expect, it } from 'vitest';
import { imageDimensions, matchesSignature } from '../image-bytes.js';
import { openaiRefusal, PROVIDER_LIMITS, startProviderStandIn } from '../index.js';

/** A PNG signature and IHDR header of the given size (no pixel data: the stand-ins read the header only). */
function pngHeader(width: number, height: number): Uint8Array {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
}

describe('the model providers\' stand-ins', () => {
  it('read an inline image as the providers do: its signature, then its size from the header', () => {
    const png = pngHeader(640, 480);
    expect(matchesSignature('image/png', png)).toBe(true);
    expect(matchesSignature('image/jpeg', png)).toBe(false);
    expect(imageDimensions('image/png', png)).toEqual({ width: 640, height: 480 });
    expect(imageDimensions('image/png', png.subarray(0, 10))).toBeNull();
  });

  it('refuse a request over the provider\'s published size, and pass one within it', () => {
    expect(openaiRefusal([], PROVIDER_LIMITS.openai.requestBytes + 1)).toMatchObject({ status: 400 });
    expect(openaiRefusal([], 1000)).toBeNull();
  });

  it.each(['openai', 'anthropic', 'google'] as const)('the %s stand-in starts on a loopback port and stops', async (provider) => {
    const standIn = await startProviderStandIn(provider);
    try {
      expect(standIn.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      expect(standIn.requests).toEqual([]);
    } finally {
      await standIn.close();
    }
  });
});
