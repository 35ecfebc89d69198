/** Splits a byte stream into parsed JSON lines as they arrive (no buffering of the whole answer). */
export async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line !== '') yield JSON.parse(line);
        newline = buffered.indexOf('\n');
      }
    }
    const rest = (buffered + decoder.decode()).trim();
    if (rest !== '') yield JSON.parse(rest);
  } finally {
    // Leaving early (the reader stopped) cancels the response, which the server sees as a disconnect.
    await reader.cancel().catch(() => undefined);
  }
}
