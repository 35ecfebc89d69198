// How the providers read an inline image: its signature bytes and its size from its header (PNG, JPEG, WebP).

/** Width and height from a PNG, JPEG or WebP header; null when the bytes are not such an image. */
export const imageDimensions = (mediaType: string, bytes: Uint8Array): { width: number; height: number } | null => {
  const u16be = (i: number) => ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
  const u24le = (i: number) => (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8) | ((bytes[i + 2] ?? 0) << 16);
  const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  if (mediaType === 'image/png') {
    if (bytes.length < 24) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    return sized(view.getUint32(16), view.getUint32(20));
  }
  if (mediaType === 'image/jpeg') {
    // Walk the segments to the first start-of-frame marker (C0–CF except C4, C8, CC).
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1] ?? 0;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return sized(u16be(i + 7), u16be(i + 5));
      i += 2 + u16be(i + 2);
    }
    return null;
  }
  if (mediaType === 'image/webp') {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    const u14le = (i: number) => ((bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8)) & 0x3fff;
    if (chunk === 'VP8 ' && bytes.length >= 30) return sized(u14le(26), u14le(28));
    if (chunk === 'VP8L' && bytes.length >= 25) {
      const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes.subarray(21, 25);
      return sized(1 + (b0 | ((b1 & 0x3f) << 8)), 1 + ((b1 >> 6) | (b2 << 2) | ((b3 & 0x0f) << 10)));
    }
    if (chunk === 'VP8X' && bytes.length >= 30) return sized(1 + u24le(24), 1 + u24le(27));
    return null;
  }
  return null;
};

/** Are the bytes the image their media type names (by its signature)? Other types are not checked. */
export const matchesSignature = (mediaType: string, bytes: Uint8Array): boolean => {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  switch (mediaType) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/webp':
      return starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50;
    case 'application/pdf':
      return starts(0x25, 0x50, 0x44, 0x46, 0x2d);
    default:
      return true;
  }
};
