import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

export const CODE_LENGTH = 6;

export interface CodeInputProps {
  value: string;
  onChange: (code: string) => void;
  /** Called once all six digits are present. */
  onComplete?: (code: string) => void;
  label: string;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** Six boxes for the e-mailed one-time code; typing advances, Backspace goes back, paste fills all. */
export function CodeInput({ value, onChange, onComplete, label, invalid = false, disabled = false, describedBy }: CodeInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const chars = Array.from({ length: CODE_LENGTH }, (_, i) => value[i] ?? '');

  const update = (next: string, focusIndex: number) => {
    const code = digitsOf(next).slice(0, CODE_LENGTH);
    onChange(code);
    boxes.current[Math.min(focusIndex, CODE_LENGTH - 1)]?.focus();
    if (code.length === CODE_LENGTH) onComplete?.(code);
  };

  const typeAt = (index: number, raw: string) => {
    const typed = digitsOf(raw);
    if (typed === '') return;
    // Several digits at once come from autofill: treat them like a paste at this box.
    const next = (value.slice(0, index) + typed).slice(0, CODE_LENGTH);
    update(next, index + typed.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const at = chars[index] ? index : index - 1;
      if (at < 0) return;
      update(value.slice(0, at) + value.slice(at + 1), at);
    } else if (event.key === 'ArrowLeft' && index > 0) boxes.current[index - 1]?.focus();
    else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) boxes.current[index + 1]?.focus();
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = digitsOf(event.clipboardData.getData('text'));
    if (pasted === '') return;
    event.preventDefault();
    const next = pasted.length >= CODE_LENGTH ? pasted : value.slice(0, index) + pasted;
    update(next, Math.min(next.length, CODE_LENGTH - 1));
  };

  return (
    <fieldset className="code-input" disabled={disabled} aria-describedby={describedBy}>
      <legend className="field__label">{label}</legend>
      <div className="code-input__boxes">
        {chars.map((char, index) => (
          <input
            key={index}
            ref={(node) => { boxes.current[index] = node; }}
            className="input code-input__box"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            maxLength={CODE_LENGTH}
            aria-label={`${label} ${index + 1}/${CODE_LENGTH}`}
            aria-invalid={invalid || undefined}
            value={char}
            onChange={(event) => typeAt(index, event.target.value.replace(char, '') || event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}
