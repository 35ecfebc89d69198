/** Yields to the event loop (real `setImmediate`, never faked here) until `condition` holds. */
export async function until(condition: () => boolean, maxTurns = 10_000): Promise<void> {
  for (let turn = 0; turn < maxTurns; turn += 1) {
    if (condition()) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error('condition never became true');
}
