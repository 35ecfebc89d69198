import { useCallback, useEffect, useRef, useState } from 'react';

/** How close to the end the list stands (px) when it is there. */
const AT_END = 2;
/**
 * How close to the end a scroll down must bring the list (px) to stick it again: the end moves on while
 * an answer grows, so a scroll (an animated wheel turn) aimed at it lands a little short.
 */
const NEAR_END = 48;

/** How long after the reader's wheel, touch or key a scroll up counts as theirs (ms). */
const BY_READER_MS = 600;

/** Keys that move a scrolled list up. */
const UP_KEYS = new Set(['PageUp', 'ArrowUp', 'Home']);

const typingInto = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const distanceFromEnd = (scroller: HTMLElement) => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;

export interface StickToBottom {
  /** Whether the list keeps to its end as its content grows (React state, for what the chat shows). */
  readonly stuck: boolean;
  /** The element Virtuoso scrolls (its `scrollerRef`). */
  readonly scrollerRef: (element: HTMLElement | Window | null) => void;
  /** Sticks the list to its end (a message sent, Jump to latest) or lets it go (a search hit opened). */
  stick(stuck: boolean): void;
  /** Whether the list keeps to its end right now (read in timers, where the state may be stale). */
  isStuck(): boolean;
}

/**
 * Keeps a scrolled list at its end while its content grows (an answer being written, a turn added),
 * as long as `follow` holds and the reader has not scrolled up. Only the reader's own scrolling lets
 * it go: the wheel or a touch drag upward, Page Up / ↑ / Home in the list, or a scroll that moves
 * the list up and away from its end while the reader acts on it (the scrollbar dragged) or by more
 * than half its height at once (a jump to the top). Growth never lets it go, however large a step,
 * nor do the list's own small corrections (a turn drawn again at another height); coming back to
 * the end (or scrolling down to near it) sticks it again.
 *
 * The list is followed from a ResizeObserver on its content and on the scroller, which runs after
 * layout and before paint: the end of what grew is on screen in the frame it grew in.
 */
export function useStickToBottom(follow: boolean, initiallyStuck: boolean): StickToBottom {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const stuckRef = useRef(initiallyStuck);
  const [stuck, setStuck] = useState(initiallyStuck);
  const followRef = useRef(follow);
  followRef.current = follow;

  const stick = useCallback((next: boolean) => {
    stuckRef.current = next;
    setStuck(next);
  }, []);
  const scrollerRef = useCallback((element: HTMLElement | Window | null) => {
    setScroller(element instanceof HTMLElement ? element : null);
  }, []);

  useEffect(() => {
    if (!scroller) return;
    /** The scrollTop this hook last set or saw, to tell the reader's scrolling up from growth and from its own. */
    let lastTop = scroller.scrollTop;
    let pointerOnScroller = false;
    let touchY: number | null = null;
    let readerActed = -Infinity;
    const acted = () => {
      readerActed = performance.now();
    };

    const toEnd = () => {
      if (!stuckRef.current || !followRef.current) return;
      const end = scroller.scrollHeight - scroller.clientHeight;
      if (end - scroller.scrollTop > 0.5) scroller.scrollTop = end;
      lastTop = scroller.scrollTop;
    };
    const release = () => {
      if (stuckRef.current) stick(false);
    };

    const onWheel = (event: WheelEvent) => {
      acted();
      if (event.deltaY < 0) release();
    };
    const onTouchStart = (event: TouchEvent) => {
      touchY = event.touches[0]?.clientY ?? null;
    };
    const onTouchMove = (event: TouchEvent) => {
      acted();
      const y = event.touches[0]?.clientY;
      // A finger drawn down the screen brings earlier content into view.
      if (touchY !== null && y !== undefined && y > touchY + 2) release();
      if (y !== undefined) touchY = y;
    };
    const onKey = (event: KeyboardEvent) => {
      if (typingInto(event.target)) return;
      acted();
      if (UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey)) release();
    };
    // A press on the scroller itself (not on what it holds) is one on its scrollbar.
    const onPointerDown = (event: PointerEvent) => {
      pointerOnScroller = event.target === scroller;
    };
    const onPointerUp = () => {
      pointerOnScroller = false;
    };
    const onScroll = () => {
      const top = scroller.scrollTop;
      const away = distanceFromEnd(scroller);
      const byReader = pointerOnScroller || performance.now() - readerActed < BY_READER_MS || lastTop - top > scroller.clientHeight / 2;
      if (top < lastTop - 1 && away > AT_END && byReader) release();
      else if (!stuckRef.current && (away <= AT_END || (top > lastTop && away <= NEAR_END))) {
        stick(true);
        toEnd();
      }
      lastTop = top;
    };

    const grew = new ResizeObserver(toEnd);
    grew.observe(scroller);
    const content = scroller.firstElementChild;
    if (content) grew.observe(content);
    // Virtuoso's list sits inside its viewport element: its height is the content's.
    const list = scroller.querySelector('[data-testid="virtuoso-item-list"]');
    if (list) grew.observe(list);
    scroller.addEventListener('wheel', onWheel, { passive: true });
    scroller.addEventListener('touchstart', onTouchStart, { passive: true });
    scroller.addEventListener('touchmove', onTouchMove, { passive: true });
    scroller.addEventListener('keydown', onKey);
    scroller.addEventListener('pointerdown', onPointerDown);
    window.addEventListener('pointerup', onPointerUp);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      grew.disconnect();
      scroller.removeEventListener('wheel', onWheel);
      scroller.removeEventListener('touchstart', onTouchStart);
      scroller.removeEventListener('touchmove', onTouchMove);
      scroller.removeEventListener('keydown', onKey);
      scroller.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
      scroller.removeEventListener('scroll', onScroll);
    };
  }, [scroller, stick]);

  // Following turned on (an answer starts) while stuck: the end is sought at once.
  useEffect(() => {
    if (follow && stuckRef.current && scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [follow, scroller]);

  const isStuck = useCallback(() => stuckRef.current, []);
  return { stuck, scrollerRef, stick, isStuck };
}
