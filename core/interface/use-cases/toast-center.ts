import { TOAST_DURATION_MS } from '../domain/toasts.js';
import type { Toast, ToastType } from '../domain/toasts.js';
import type { Cancel, Scheduler } from '../../shared/index.js';

export interface ShowToast {
  readonly type: ToastType;
  readonly message: string;
  /** Defaults to 4000 ms (app spec §9); `null` keeps the toast until dismissed. */
  readonly durationMs?: number | null;
}

export interface ToastCenter {
  show(toast: ShowToast): string;
  success(message: string): string;
  error(message: string): string;
  info(message: string): string;
  dismiss(id: string): void;
  /** The toasts on screen, oldest first. */
  current(): readonly Toast[];
  /** Called with the new list after every change; answers the unsubscribe function. */
  subscribe(listener: (toasts: readonly Toast[]) => void): () => void;
}

/**
 * app spec §2: success, error and info toasts, dismissible, gone after 4000 ms by default. A
 * stateful service rather than a request/answer use case: the UI renders `current()` and re-renders
 * on `subscribe`; the timers go through the Scheduler.
 */
export const makeToastCenter = (deps: { scheduler: Scheduler }): ToastCenter => {
  let toasts: readonly Toast[] = [];
  const timers = new Map<string, Cancel>();
  const listeners = new Set<(toasts: readonly Toast[]) => void>();
  let sequence = 0;

  const publish = (next: readonly Toast[]): void => {
    toasts = next;
    for (const listener of [...listeners]) listener(toasts);
  };

  const dismiss = (id: string): void => {
    timers.get(id)?.();
    timers.delete(id);
    if (toasts.some((t) => t.id === id)) publish(toasts.filter((t) => t.id !== id));
  };

  const show = ({ type, message, durationMs }: ShowToast): string => {
    sequence += 1;
    const id = `toast-${sequence}`;
    const duration = durationMs === undefined ? TOAST_DURATION_MS : durationMs;
    publish([...toasts, { id, type, message, durationMs: duration }]);
    if (duration !== null) timers.set(id, deps.scheduler.after(duration, () => dismiss(id)));
    return id;
  };

  return {
    show,
    success: (message) => show({ type: 'success', message }),
    error: (message) => show({ type: 'error', message }),
    info: (message) => show({ type: 'info', message }),
    dismiss,
    current: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
