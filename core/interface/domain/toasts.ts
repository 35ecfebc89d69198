/** app spec §2 and §9: toasts are success, error or info and vanish after 4000 ms by default. */
export const TOAST_TYPES = ['success', 'error', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const TOAST_DURATION_MS = 4000;

export interface Toast {
  readonly id: string;
  readonly type: ToastType;
  readonly message: string;
  /** `null` keeps the toast until it is dismissed. */
  readonly durationMs: number | null;
}
