import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core, the accessibility engine browsers' own audit tools run: its source, put into the page. */
const AXE_SOURCE = axe.source;

interface AxeResults {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

/**
 * What axe-core finds wrong with the page as it is now (its WCAG 2 A and AA rules and its best
 * practices, dialogs and menus included): one line per element, naming the rule and the element. The
 * engine is put into the page through the browser's debugging protocol, which the app's Content
 * Security Policy does not govern; the page itself is left as it was.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, { resultTypes: ['violations'] }));
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact ?? 'unrated'}) at ${node.target.join(' ')}: ${v.help}`));
}
