/**
 * A conversation is a tree. A user (or system) message hangs under the user message of the turn before
 * it (no parent: the first turn); an answer hangs under the user message it answers, in a column (0, 1, …
 * in the order the models were asked; MERGE_COLUMN for a merge). Messages with the same parent and column
 * are versions of one another: the answers of one column (regenerated, or by the model it was swapped
 * to), or the user messages that continue the same turn (an edit is a sibling of what it edits). Of each
 * group the message with the highest `shown` is the one shown; the visible path follows the shown user
 * message of each turn from the first, each followed by the shown answer of each of its columns.
 */

/** The column of a merge of a turn's answers: after the models' columns. */
export const MERGE_COLUMN = -1;
/** The most columns a turn holds (model columns 0..15). */
export const MAX_COLUMN = 15;

/** Where a message sits in its conversation's tree. */
export interface TreePlace {
  readonly id: string;
  readonly role: string;
  /** The user message it answers, or (user message) the one of the turn before; null: the first turn. */
  readonly parentId: string | null;
  /** An answer's column; null for user and system messages. */
  readonly column: number | null;
  /** Higher is shown: a new message, and a message shown by choice, get the next number. */
  readonly shown: number;
  /** Creation order: versions are numbered by it. */
  readonly order: number;
}

/** Which of its group's versions a message is (from 1, by creation) and how many the group has. */
export interface VersionOf {
  readonly index: number;
  readonly count: number;
}

const groupKey = (place: Pick<TreePlace, 'parentId' | 'column'>): string => `${place.parentId ?? ''}|${place.column ?? 'turn'}`;

/** Each message's group, its members in creation order. */
export function versionGroups<T extends TreePlace>(nodes: readonly T[]): ReadonlyMap<string, readonly T[]> {
  const groups = new Map<string, T[]>();
  for (const node of nodes) {
    const key = groupKey(node);
    const group = groups.get(key);
    if (group) group.push(node);
    else groups.set(key, [node]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.order - b.order);
  return groups;
}

const shownOf = <T extends TreePlace>(group: readonly T[] | undefined): T | undefined =>
  group?.reduce<T | undefined>((best, node) => (best === undefined || node.shown > best.shown ? node : best), undefined);

/** The visible path in reading order, each message with its version among its group. */
export function visiblePath<T extends TreePlace>(nodes: readonly T[]): readonly { readonly node: T; readonly version: VersionOf }[] {
  const groups = versionGroups(nodes);
  const columnsOf = new Map<string, number[]>();
  for (const node of nodes) {
    if (node.column === null || node.parentId === null) continue;
    const columns = columnsOf.get(node.parentId) ?? [];
    if (!columns.includes(node.column)) columns.push(node.column);
    columnsOf.set(node.parentId, columns);
  }
  const versionIn = (node: T): VersionOf => {
    const group = groups.get(groupKey(node)) ?? [node];
    return { index: group.indexOf(node) + 1, count: group.length };
  };
  const path: { node: T; version: VersionOf }[] = [];
  const seen = new Set<string>();
  let turn = shownOf(groups.get(groupKey({ parentId: null, column: null })));
  while (turn && !seen.has(turn.id)) {
    seen.add(turn.id);
    path.push({ node: turn, version: versionIn(turn) });
    const columns = [...(columnsOf.get(turn.id) ?? [])].sort((a, b) => (a === MERGE_COLUMN ? 1 : b === MERGE_COLUMN ? -1 : a - b));
    for (const column of columns) {
      const answer = shownOf(groups.get(groupKey({ parentId: turn.id, column })));
      if (answer) path.push({ node: answer, version: versionIn(answer) });
    }
    turn = shownOf(groups.get(groupKey({ parentId: turn.id, column: null })));
  }
  return path;
}

/** Where a message written without a place continues the visible path: under its last user message. */
export function continuingPlace(
  path: readonly Pick<TreePlace, 'id' | 'role' | 'parentId' | 'column'>[],
  role: string,
): { readonly parentId: string | null; readonly column: number | null } {
  const lastTurn = path.findLast((m) => m.role !== 'assistant');
  if (role !== 'assistant') return { parentId: lastTurn?.id ?? null, column: null };
  const used = path.filter((m) => m.parentId === lastTurn?.id && m.column !== null && m.column !== MERGE_COLUMN).map((m) => m.column as number);
  return { parentId: lastTurn?.id ?? null, column: used.length === 0 ? 0 : Math.min(Math.max(...used) + 1, MAX_COLUMN) };
}

/** The message and its ancestors, nearest first: what becomes shown when it is opened. */
export function ancestry<T extends Pick<TreePlace, 'id' | 'parentId'>>(nodes: readonly T[], id: string): readonly T[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const chain: T[] = [];
  let node = byId.get(id);
  while (node && !chain.includes(node)) {
    chain.push(node);
    node = node.parentId === null ? undefined : byId.get(node.parentId);
  }
  return chain;
}

/** The member of a message's group with the given version number (from 1), if there is one. */
export function versionAt<T extends TreePlace>(nodes: readonly T[], id: string, version: number): T | undefined {
  const node = nodes.find((n) => n.id === id);
  if (!node) return undefined;
  return versionGroups(nodes).get(groupKey(node))?.[version - 1];
}
