import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profiling } from '../../../../../core/account/index.js';
import { Button } from '../../../ui/button.js';
import { Input } from '../../../ui/field.js';
import { choose, isAnswered, OTHER, QUESTIONS, selectedOf } from './profiling-questions.js';
import './profiling.css';

export interface ProfilingScreenProps {
  /** Saved answers; `currentStep` resumes where the user left off. */
  initial: Profiling;
  /**
   * Saves the answers with the step reached (app spec §4: current_step moves forward, completed
   * at the end). Resolving to false keeps the user on the step (the error is shown by a toast).
   */
  onSaveStep: (answers: Profiling) => Promise<boolean> | boolean | void;
}

export function ProfilingScreen({ initial, onSaveStep }: ProfilingScreenProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [answers, setAnswers] = useState<Profiling>(initial);
  const [step, setStep] = useState(Math.min(Math.max(initial.currentStep, 0), QUESTIONS.length - 1));
  const [saving, setSaving] = useState(false);
  // Focus the "Other" text only when the user has just chosen Other, never on a resumed step.
  const [focusOther, setFocusOther] = useState(false);
  const otherInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!focusOther) return;
    otherInput.current?.focus();
    setFocusOther(false);
  }, [focusOther]);
  const question = QUESTIONS[step] ?? QUESTIONS[0]!;
  const selected = selectedOf(answers, question);
  const last = step === QUESTIONS.length - 1;

  const next = async () => {
    const reached = { ...answers, currentStep: step + 1, completed: last };
    setSaving(true);
    const saved = await onSaveStep(reached);
    setSaving(false);
    if (saved === false) return;
    setAnswers(reached);
    if (!last) setStep(step + 1);
  };

  return (
    <div className="profiling">
      <div className="card profiling__card">
        <p className="profiling__step">{t('profiling.progress', { step: step + 1, total: QUESTIONS.length })}</p>
        <div className="profiling__bar" role="progressbar" aria-label={t('profiling.progressLabel')} aria-valuemin={0}
          aria-valuemax={QUESTIONS.length} aria-valuenow={step + 1}>
          <span style={{ width: `${((step + 1) / QUESTIONS.length) * 100}%` }} />
        </div>
        <form onSubmit={(event) => { event.preventDefault(); if (isAnswered(answers, question)) void next(); }}>
          <fieldset className="profiling__question" aria-labelledby={headingId}>
            <h1 id={headingId} className="profiling__title">{t(`profiling.${question.id}.question`)}</h1>
            {question.multiple ? <p className="muted">{t('profiling.chooseAny')}</p> : null}
            <div className="profiling__options">
              {question.options.map((option) => (
                <label key={option} className="option-card">
                  <input
                    type={question.multiple ? 'checkbox' : 'radio'}
                    name={question.id}
                    value={option}
                    checked={selected.includes(option)}
                    onChange={() => {
                      const next = choose(answers, question, option);
                      setAnswers(next);
                      if (option === OTHER && selectedOf(next, question).includes(OTHER)) setFocusOther(true);
                    }}
                  />
                  <span>{t(`profiling.${question.id}.options.${option}`)}</span>
                </label>
              ))}
            </div>
            {question.otherField && selected.includes(OTHER) ? (
              <div className="field profiling__other">
                <label className="field__label" htmlFor={`${headingId}-other`}>{t('profiling.otherLabel')}</label>
                <Input id={`${headingId}-other`} ref={otherInput} value={answers[question.otherField]} maxLength={200}
                  onChange={(event) => question.otherField && setAnswers({ ...answers, [question.otherField]: event.target.value })} />
              </div>
            ) : null}
          </fieldset>
          <div className="profiling__actions">
            <Button variant="ghost" onClick={() => setStep(step - 1)} disabled={step === 0 || saving}>{t('common.back')}</Button>
            <Button type="submit" busy={saving} disabled={!isAnswered(answers, question)}>
              {last ? t('profiling.finish') : t('common.continue')}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
