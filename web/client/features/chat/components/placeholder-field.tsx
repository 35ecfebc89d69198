import { Fragment, useRef, useState, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import './placeholder-field.css';

/**
 * A library prompt marks what the user fills in with square brackets: "[paste diff]". Only
 * brackets holding a letter count (not "[1]" or "[ ]"), on one line, at most 60 characters.
 */
const PLACEHOLDER = /\[[^[\]\n]{0,60}?\p{L}[^[\]\n]{0,60}?\]/gu;

export interface PlaceholderSpan {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export function findPlaceholders(text: string): PlaceholderSpan[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> & { value: string };

/**
 * The composer's text box with the prompt's placeholders highlighted. A textarea cannot style parts
 * of its text, so a copy of the text sits behind it (same font, padding and wrapping, transparent
 * text) with the placeholders marked; the box's own background is transparent. Below it, each
 * placeholder is a button that selects it in the box, so typing replaces it.
 */
export function PlaceholderField({ value, className, ...textarea }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLTextAreaElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const spans = findPlaceholders(value);
  const select = (span: PlaceholderSpan) => {
    box.current?.focus();
    box.current?.setSelectionRange(span.start, span.end);
  };
  // One structure whatever the text holds: a textarea that remounted mid-typing would lose focus.
  return (
    <>
      <div className="placeholder-field">
        {spans.length > 0 ? (
          <div className={`${className ?? ''} placeholder-field__backdrop`} aria-hidden="true">
            <div style={{ transform: `translateY(${-scrollTop}px)` }}>{highlighted(value, spans)}</div>
          </div>
        ) : null}
        <textarea ref={box} className={`${className ?? ''} placeholder-field__input`} value={value}
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)} {...textarea} />
      </div>
      {spans.length > 0 ? (
        <div className="placeholder-field__hint" role="group" aria-label={t('chat.placeholders')}>
          <span className="muted" aria-hidden="true">{t('chat.placeholders')}</span>
          {spans.map((span) => (
            <button key={span.start} type="button" className="placeholder-field__chip" onClick={() => select(span)}>{span.text}</button>
          ))}
        </div>
      ) : null}
    </>
  );
}

function highlighted(text: string, spans: readonly PlaceholderSpan[]) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const span of spans) {
    parts.push(<Fragment key={`t${at}`}>{text.slice(at, span.start)}</Fragment>);
    parts.push(<mark key={`m${span.start}`} className="placeholder-field__mark">{span.text}</mark>);
    at = span.end;
  }
  // A trailing newline needs something after it to take up its line, as in the textarea.
  parts.push(<Fragment key="end">{`${text.slice(at)}\u200b`}</Fragment>);
  return parts;
}
