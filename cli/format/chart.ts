const BLOCKS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A horizontal bar per period, scaled to the largest value; negative values draw no bar. */
export function barChart(points: readonly { label: string; value: number; shown: string }[], width = 40): string[] {
  const max = Math.max(0, ...points.map((p) => p.value));
  const labelWidth = Math.max(0, ...points.map((p) => p.label.length));
  const shownWidth = Math.max(0, ...points.map((p) => p.shown.length));
  return points.map((p) => {
    const eighths = max <= 0 || p.value <= 0 ? 0 : Math.round((p.value / max) * width * 8);
    const bar = '█'.repeat(Math.floor(eighths / 8)) + (BLOCKS[eighths % 8] ?? '');
    return `${p.label.padEnd(labelWidth)}  ${p.shown.padStart(shownWidth)}  ${bar}`.trimEnd();
  });
}
