import { answerHoldCredits, type ModelPrice } from './usage-pricing.js';

/** One model's answer to a message: its price, the input it reads beyond the shared prompt, its longest answer. */
export interface AnswerToHold {
  readonly modelId: string;
  readonly price: ModelPrice;
  /** Input tokens this model reads beyond the prompt's text (its files: an image costs differently per provider). */
  readonly extraInputTokens?: number;
  /** The longest answer it may write (the conversation's setting, fitted to the model); absent: the minimal answer. */
  readonly maxOutputTokens?: number;
}

/** The credits a send holds before any model is called: in all, and for each model in the order asked. */
export interface SendHold {
  readonly total: number;
  readonly perModel: readonly { readonly modelId: string; readonly credits: number }[];
}

/**
 * What a message to one or more models holds: each answer's hold (answerHoldCredits: the prompt with
 * that model's files, plus its longest answer), and their sum. The one rule of the hold: the server
 * holds this before calling the models, and the composer shows it before the message is sent.
 */
export const sendHoldCredits = (promptTokens: number, answers: readonly AnswerToHold[]): SendHold => {
  let total = 0;
  const perModel = answers.map((a) => {
    const credits = answerHoldCredits(a.price, promptTokens + (a.extraInputTokens ?? 0), a.maxOutputTokens);
    total += credits;
    return { modelId: a.modelId, credits };
  });
  return { total, perModel };
};
