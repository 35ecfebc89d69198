import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyIcon, PlusIcon } from '../../../ui/icons.js';

export interface SelectionActions {
  onCopy: (modelId: string, text: string) => void;
  onAddToChat: (modelId: string, text: string) => void;
}

interface Picked {
  modelId: string;
  text: string;
  top: number;
  left: number;
}

/**
 * Watches text selections inside `container`; a selection within one answer column (an element
 * with data-model-id) offers Copy and Add to chat, tied to that column's model.
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
        onCopy(picked.modelId, picked.text);
        done();
      }}><CopyIcon size={14} /> {t('chat.copy')}</button>
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => {
        onAddToChat(picked.modelId, picked.text);
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
  const column = closestColumn(range.commonAncestorContainer);
  if (!text || !column || !root.contains(column)) return null;
  const modelId = column.dataset.modelId;
  if (!modelId) return null;
  const rect = range.getBoundingClientRect();
  return { modelId, text, top: Math.max(rect.top - 48, 8), left: Math.max(rect.left + rect.width / 2, 100) };
}

function closestColumn(node: Node): HTMLElement | null {
  const element = node instanceof HTMLElement ? node : node.parentElement;
  return element?.closest<HTMLElement>('[data-model-id]') ?? null;
}
