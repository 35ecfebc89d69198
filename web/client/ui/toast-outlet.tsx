import { useSyncExternalStore } from 'react';
import type { Toast } from '../../../core/interface/index.js';
import { Toasts } from './toasts.js';

/** The part of the core's toast centre the screen needs. */
export interface ToastSource {
  current(): readonly Toast[];
  subscribe(listener: (toasts: readonly Toast[]) => void): () => void;
  dismiss(id: string): void;
}

/** Shows the toast centre's toasts and re-renders on each change; timing stays in the core. */
export function ToastOutlet({ center }: { center: ToastSource }) {
  const toasts = useSyncExternalStore((onChange) => center.subscribe(() => onChange()), () => center.current());
  return <Toasts toasts={toasts} onDismiss={(id) => center.dismiss(id)} />;
}
