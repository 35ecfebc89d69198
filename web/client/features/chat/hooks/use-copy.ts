import { useEffect, useState } from 'react';

/** Copies text to the clipboard; `copied` says so for 1.5 s (and stays false when the browser refused). */
export function useCopy(): { readonly copied: boolean; copy(text: string): void } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return { copied, copy: (text) => void navigator.clipboard.writeText(text).then(() => setCopied(true), () => setCopied(false)) };
}
