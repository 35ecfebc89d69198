/**
 * Counts how often named components of a rendered React tree are drawn, as React's developer tools
 * tell it: a component drawn again gets new hook state (React builds its hooks anew on each draw),
 * one skipped (memo, nothing of its own changed) keeps the same. The tree is read from the React
 * root on the container; `sample()` after each step of a test adds up what was drawn since the last.
 * Counts components that hold state (a hook); others are not seen.
 */
interface Fiber {
  readonly type: unknown;
  readonly elementType: unknown;
  readonly memoizedState: unknown;
  readonly memoizedProps: unknown;
  readonly child: Fiber | null;
  readonly sibling: Fiber | null;
  readonly stateNode: unknown;
}

const nameOf = (type: unknown): string | undefined => {
  if (typeof type === 'function') return (type as { displayName?: string }).displayName ?? type.name;
  if (type && typeof type === 'object') {
    const wrapped = type as { displayName?: string; type?: unknown; render?: unknown };
    return wrapped.displayName ?? nameOf(wrapped.type ?? wrapped.render);
  }
  return undefined;
};

function rootFiberOf(container: Element): Fiber {
  const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$'));
  if (!key) throw new Error('nothing is rendered with React in this container');
  const hostRoot = (container as unknown as Record<string, Fiber>)[key] as Fiber;
  // The root's current tree (the one on the container is the tree it started with).
  return (hostRoot.stateNode as { current: Fiber }).current;
}

export interface RenderCounter {
  /** Reads the tree: what was drawn since the last sample is counted (the first sample only takes note). */
  sample(): void;
  /** Draws counted under this label since the counter started (or was reset). */
  count(label: string): number;
  /** Starts the counts from zero (what is on screen now counts as seen). */
  reset(): void;
}

/**
 * `labelOf` names what a component is counted as (by its name and props), or null for what is not
 * watched: a stored message and the one streaming may be told apart by their props.
 */
export function countRenders(container: Element, labelOf: (name: string, props: unknown) => string | null): RenderCounter {
  const seen = new WeakSet<object>();
  const counts = new Map<string, number>();
  let first = true;
  const visit = (fiber: Fiber | null, note: (fiber: Fiber, label: string) => void) => {
    for (let at = fiber; at; at = at.sibling) {
      const name = nameOf(at.type) ?? nameOf(at.elementType);
      const label = name && at.memoizedState && typeof at.memoizedState === 'object' ? labelOf(name, at.memoizedProps) : null;
      if (label !== null) note(at, label);
      visit(at.child, note);
    }
  };
  const sample = () => {
    visit(rootFiberOf(container), (fiber, label) => {
      const state = fiber.memoizedState as object;
      if (seen.has(state)) return;
      seen.add(state);
      if (!first) counts.set(label, (counts.get(label) ?? 0) + 1);
    });
    first = false;
  };
  return {
    sample,
    count: (label) => counts.get(label) ?? 0,
    reset: () => {
      counts.clear();
      first = true;
      sample();
    },
  };
}
