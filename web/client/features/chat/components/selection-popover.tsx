import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon, PlusIcon } from '../../../ui/icons.js';

/**
 * The answer text was selected in: one that names its model (`data-model-id`), or a blind column
 * whose model stays hidden until the vote (`data-blind-label`, what the column is called: "Model A").
 */
export type SelectionSource =
  | { readonly modelId: string; readonly hiddenLabel: null; readonly answerId: string }
  | { readonly modelId: null; readonly hiddenLabel: string; readonly answerId: string };

export interface SelectionActions {
  onCopy: (source: SelectionSource, text: string) => void;
  onAddToChat: (source: SelectionSource, text: string) => void;
}

interface Picked {
  source: SelectionSource;
  text: string;
  top: number;
  left: number;
}

/**
 * Watches text selections inside `container`; a selection within one answer (an element with
 * data-model-id, or a blind column's data-blind-label) offers Copy and Add to chat, tied to that answer.
 */
export function SelectionPopover({ container, onCopy, onAddToChat }: SelectionActions & { container: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Picked | null>(null);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const read = () => setPicked(readSelection(root));
    const onSelectionChange = () => {
      const selection = document.getSelection();
      if (!selection || selection.isCollapsed) setPicked(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPicked(null);
      else if (event.shiftKey) read();
    };
    root.addEventListener('mouseup', read);
    root.addEventListener('keyup', onKey);
    document.addEventListener('selectionchange', onSelectionChange);
    return () => {
      root.removeEventListener('mouseup', read);
      root.removeEventListener('keyup', onKey);
      document.removeEventListener('selectionchange', onSelectionChange);
    };
  }, [container]);

  if (!picked) return null;
  const done = () => {
    setPicked(null);
    document.getSelection()?.removeAllRanges();
  };
  return (
    <div className="selection-popover" role="toolbar" aria-label={t('allModels.selectionActions')}
      style={{ top: picked.top, left: picked.left }} onMouseDown={(event) => event.preventDefault()}>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => {
        void navigator.clipboard?.writeText(picked.text).catch(() => undefined);
        onCopy(picked.source, picked.text);
        done();
      }}><CopyIcon size={14} /> {t('chat.copy')}</button>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => {
        onAddToChat(picked.source, picked.text);
        done();
      }}><PlusIcon size={14} /> {t('allModels.addToChat')}</button>
    </div>
  );
}

function readSelection(root: HTMLElement): Picked | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const text = selection.toString().trim();
  const range = selection.getRangeAt(0);
  const answer = closestAnswer(range.commonAncestorContainer);
  if (!text || !answer || !root.contains(answer)) return null;
  const source = sourceOf(answer);
  if (!source) return null;
  const rect = range.getBoundingClientRect();
  return { source, text, top: Math.max(rect.top - 48, 8), left: Math.max(rect.left + rect.width / 2, 100) };
}

function closestAnswer(node: Node): HTMLElement | null {
  const element = node instanceof HTMLElement ? node : node.parentElement;
  return element?.closest<HTMLElement>('[data-model-id], [data-blind-label]') ?? null;
}

function sourceOf(answer: HTMLElement): SelectionSource | null {
  const answerId = answer.id.replace(/^message-/, '');
  const { modelId, blindLabel } = answer.dataset;
  if (modelId) return { modelId, hiddenLabel: null, answerId };
  return blindLabel ? { modelId: null, hiddenLabel: blindLabel, answerId } : null;
}
