import type { Profiling } from '../../../../../core/account/index.js';

/** The questionnaire of app spec §3, one question per step; option ids are stored, labels translated. */
export interface Question {
  readonly id: 'role' | 'companySize' | 'workOutputs' | 'ensembleUse';
  readonly multiple: boolean;
  readonly options: readonly string[];
  /** The field holding the "Other" text. */
  readonly otherField: 'roleOther' | 'workOutputOther' | 'ensembleUseOther' | null;
}

export const QUESTIONS: readonly Question[] = [
  {
    id: 'role',
    multiple: false,
    options: ['founder', 'engineer', 'product', 'design', 'marketing', 'sales', 'support', 'research', 'student', 'other'],
    otherField: 'roleOther',
  },
  { id: 'companySize', multiple: false, options: ['just_me', '2_10', '11_50', '51_200', '201_1000', '1000_plus'], otherField: null },
  {
    id: 'workOutputs',
    multiple: true,
    options: ['code', 'documents', 'emails', 'marketing', 'research', 'data', 'presentations', 'support', 'other'],
    otherField: 'workOutputOther',
  },
  {
    id: 'ensembleUse',
    multiple: false,
    options: ['compare', 'writing', 'coding', 'learning', 'ideas', 'work_tasks', 'other'],
    otherField: 'ensembleUseOther',
  },
];

export const OTHER = 'other';

export function selectedOf(answers: Profiling, question: Question): readonly string[] {
  if (question.id === 'workOutputs') return answers.workOutputs;
  const value = answers[question.id];
  return value ? [value] : [];
}

/** A step is answered when something is chosen and a chosen "Other" has its text. */
export function isAnswered(answers: Profiling, question: Question): boolean {
  const selected = selectedOf(answers, question);
  if (selected.length === 0) return false;
  if (selected.includes(OTHER) && question.otherField) return answers[question.otherField].trim() !== '';
  return true;
}

export function choose(answers: Profiling, question: Question, option: string): Profiling {
  if (question.id !== 'workOutputs') return { ...answers, [question.id]: option };
  const has = answers.workOutputs.includes(option);
  return { ...answers, workOutputs: has ? answers.workOutputs.filter((o) => o !== option) : [...answers.workOutputs, option] };
}
