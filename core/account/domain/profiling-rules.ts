import { z } from 'zod';
import type { Profiling, StoredProfiling } from './profiling.js';

/** app spec §3, §9: what a user without a user_profiling row sees. */
export const DEFAULT_PROFILING: Profiling = Object.freeze({
  role: '',
  roleOther: '',
  companySize: '',
  workOutputs: Object.freeze([]) as readonly string[],
  workOutputOther: '',
  ensembleUse: '',
  ensembleUseOther: '',
  completed: false,
  currentStep: 0,
});

/** Stored row → client names; nulls (columns never written) read as the defaults. */
export const fromStoredProfiling = (row: StoredProfiling): Profiling => ({
  role: row.role ?? DEFAULT_PROFILING.role,
  roleOther: row.role_other ?? DEFAULT_PROFILING.roleOther,
  companySize: row.company_size ?? DEFAULT_PROFILING.companySize,
  workOutputs: [...(row.work_outputs ?? DEFAULT_PROFILING.workOutputs)],
  workOutputOther: row.work_output_other ?? DEFAULT_PROFILING.workOutputOther,
  ensembleUse: row.ensemble_use ?? DEFAULT_PROFILING.ensembleUse,
  ensembleUseOther: row.ensemble_use_other ?? DEFAULT_PROFILING.ensembleUseOther,
  completed: row.completed ?? DEFAULT_PROFILING.completed,
  currentStep: row.current_step ?? DEFAULT_PROFILING.currentStep,
});

/** Client names → stored row. */
export const toStoredProfiling = (profiling: Profiling): StoredProfiling => ({
  role: profiling.role,
  role_other: profiling.roleOther,
  company_size: profiling.companySize,
  work_outputs: [...profiling.workOutputs],
  work_output_other: profiling.workOutputOther,
  ensemble_use: profiling.ensembleUse,
  ensemble_use_other: profiling.ensembleUseOther,
  completed: profiling.completed,
  current_step: profiling.currentStep,
});

// The questionnaire's choices are the UI's business; the core bounds sizes so a row stays small.
const MAX_TEXT = 200;
const MAX_OUTPUTS = 20;
const MAX_STEP = 50;

const answerText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(MAX_TEXT, { error: `${field} must contain at most ${MAX_TEXT} characters` });

export const profilingStepSchema = z
  .object({
    answers: z
      .object({
        role: answerText('role'),
        roleOther: answerText('roleOther'),
        companySize: answerText('companySize'),
        workOutputs: z
          .array(answerText('workOutputs entry'), { error: 'workOutputs must be a list of text' })
          .max(MAX_OUTPUTS, { error: `workOutputs must contain at most ${MAX_OUTPUTS} element(s)` }),
        workOutputOther: answerText('workOutputOther'),
        ensembleUse: answerText('ensembleUse'),
        ensembleUseOther: answerText('ensembleUseOther'),
      })
      .partial()
      .strict(),
    /** The step the user reaches by saving this one. */
    nextStep: z
      .number({ error: 'nextStep must be a number' })
      .int({ error: 'nextStep must be a whole number' })
      .min(0, { error: 'nextStep must be greater than or equal to 0' })
      .max(MAX_STEP, { error: `nextStep must be less than or equal to ${MAX_STEP}` }),
    /** True when this is the last step. */
    finished: z.boolean({ error: 'finished must be true or false' }).default(false),
  })
  .strict();

export type ProfilingStep = z.output<typeof profilingStepSchema>;

/**
 * app spec §4: profiling is saved step by step. Answers merge into what is stored; current_step
 * only moves forward (going back to fix an answer never rewinds it); completed, once true, stays.
 */
export const applyProfilingStep = (stored: Profiling, step: ProfilingStep): Profiling => {
  const answers = Object.fromEntries(Object.entries(step.answers).filter(([, value]) => value !== undefined));
  return {
    ...stored,
    ...answers,
    currentStep: Math.max(stored.currentStep, step.nextStep),
    completed: stored.completed || step.finished,
  };
};
