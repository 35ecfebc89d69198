// JPEG and WebP files built byte by byte for the attachment tests: well-formed containers whose
// headers state the given pixels (what the app and the provider stand-ins read), padded to a given
// size inside the container itself (a JPEG comment segment, an unknown RIFF chunk), so a file of
// any size up to the limits stays a well-formed file of its type. The pixels are not encoded: no
// test here decodes them (a browser thumbnail test uses gradientPng).

/** A baseline JPEG: SOI, a JFIF APP0, a start-of-frame stating width × height, comment segments to `padTo` bytes, EOI. */
export function jpegBytes(width: number, height: number, padTo = 0): Uint8Array {
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const head = [0xff, 0xd8, ...app0, ...sof0];
  // Comment segments (FF FE, a 16-bit length that counts itself, then text) of at most 65,535 bytes each.
  const comments: number[] = [];
  let size = head.length + 2;
  while (padTo - size >= 4) {
    const body = Math.min(padTo - size - 4, 65_533);
    comments.push(body);
    size += body + 4;
  }
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(head);
  let at = head.length;
  for (const body of comments) {
    bytes.set([0xff, 0xfe, (body + 2) >> 8, (body + 2) & 0xff], at);
    at += body + 4;
  }
  bytes.set([0xff, 0xd9], at);
  return bytes;
}

const fourcc = (text: string) => [...text].map((c) => c.charCodeAt(0));
const u32le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const u24le = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];

/**
 * An extended WebP (RIFF, WEBP, a VP8X chunk stating width × height) with an unknown chunk that pads
 * it to `padTo` bytes; RIFF and chunk sizes are exact, so a RIFF reader walks it to its end.
 */
export function webpBytes(width: number, height: number, padTo = 0): Uint8Array {
  const vp8x = [...fourcc('VP8X'), ...u32le(10), 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)];
  const fixed = 12 + vp8x.length;
  const padBody = padTo > fixed + 8 ? (padTo - fixed - 8) & ~1 : 0;
  const pad = padBody > 0 ? [...fourcc('PADD'), ...u32le(padBody)] : [];
  const total = fixed + pad.length + padBody;
  const bytes = new Uint8Array(total);
  bytes.set([...fourcc('RIFF'), ...u32le(total - 8), ...fourcc('WEBP'), ...vp8x, ...pad]);
  bytes.fill(0x20, fixed + pad.length);
  return bytes;
}
