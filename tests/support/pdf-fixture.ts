import { constants, deflateRawSync } from 'node:zlib';
// A small valid PDF written by hand: one page per entry, each line of text in Helvetica, with a
// correct cross-reference table, so a real PDF reader opens it. `textless` makes a page with no text.

const escapeText = (line: string) => line.replace(/[\\()]/g, (m) => `\\${m}`);

export function minimalPdf(pages: readonly (readonly string[])[]): Uint8Array {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  const font = 3;
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (const lines of pages) {
    const content = lines.length === 0 ? '0 0 m 10 10 l S' : `BT /F1 12 Tf 72 720 Td ${lines.map((l, i) => `${i ? '0 -16 Td ' : ''}(${escapeText(l)}) Tj`).join(' ')} ET`;
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const contentId = objects.length;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contentId} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const MIB = 1024 * 1024;
const ADLER_MOD = 65521;

/**
 * A zlib stream that inflates to `inflatedMiB` MiB of spaces while it is about a thousandth of that:
 * one MiB of spaces deflated as a self-contained block (a full flush resets the window), repeated,
 * then the final block and the Adler-32 of the whole, computed without producing it.
 */
export function deflateBomb(inflatedMiB: number): Buffer {
  const chunk = Buffer.alloc(MIB, 0x20);
  const block = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  // Adler-32 of `chunk` repeated: a += sum, b += length·a + Σ(length − i)·byte, per chunk.
  let a = 1;
  let b = 0;
  const sum = (MIB * 0x20) % ADLER_MOD;
  const weighted = Number(((BigInt(MIB) * BigInt(MIB + 1)) / 2n * 0x20n) % BigInt(ADLER_MOD));
  for (let i = 0; i < inflatedMiB; i += 1) {
    b = (b + (MIB % ADLER_MOD) * a + weighted) % ADLER_MOD;
    a = (a + sum) % ADLER_MOD;
  }
  const check = Buffer.alloc(4);
  check.writeUInt32BE(((b << 16) | a) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: inflatedMiB }, () => block), last, check]);
}

/**
 * A one-page PDF whose page content is a FlateDecode stream given as bytes (by default a bomb of
 * `inflatedMiB` MiB), with a correct cross-reference table: what a hostile upload looks like.
 */
export function pdfWithFlateContent(stream: Buffer): Uint8Array {
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (part: Buffer | string) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
    parts.push(bytes);
    length += bytes.length;
  };
  const object = (body: Buffer | string, id: number) => {
    offsets.push(length);
    push(`${id} 0 obj\n`);
    push(body);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n');
  object('<< /Type /Catalog /Pages 2 0 R >>', 1);
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 2);
  object('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>', 3);
  object(Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), stream, Buffer.from('\nendstream', 'latin1')]), 4);
  const xref = length;
  push(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  push(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}
