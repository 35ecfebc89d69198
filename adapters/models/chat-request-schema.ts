import { z } from 'zod';

export const MAX_MODELS_PER_REQUEST = 8;

/** The gateway's own guard: the server validates too, but the port can be called from anywhere. */
export const chatRequestSchema = z.object({
  modelIds: z
    .array(z.string().min(1, { message: 'a model id must not be empty' }))
    .min(1, { message: 'modelIds must name at least one model' })
    .max(MAX_MODELS_PER_REQUEST, { message: `modelIds may name at most ${MAX_MODELS_PER_REQUEST} models` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'modelIds must not repeat a model' }),
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant', 'system'], { message: 'a message role must be user, assistant or system' }),
        content: z.string({ message: 'a message content must be a string' }),
        attachments: z
          .array(
            z.discriminatedUnion('kind', [
              z.object({
                kind: z.literal('image'), name: z.string(), mediaType: z.string().regex(/^image\//, { message: 'an image must have an image type' }),
                size: z.number(), width: z.number(), height: z.number(), data: z.instanceof(Uint8Array, { message: 'an image must carry its bytes' }),
              }),
              z.object({ kind: z.literal('text'), name: z.string(), mediaType: z.string(), size: z.number(), text: z.string() }),
            ]),
          )
          .optional(),
      }),
    )
    .min(1, { message: 'messages must contain at least one message' }),
  instruction: z.string({ message: 'instruction must be a string' }).optional(),
  settings: z
    .record(
      z.string(),
      z.object({
        temperature: z.number().min(0, { message: 'temperature must be at least 0' }).max(2, { message: 'temperature must be at most 2' }).optional(),
        maxOutputTokens: z.number().int({ message: 'maxOutputTokens must be a whole number' }).min(1, { message: 'maxOutputTokens must be at least 1' }).optional(),
      }),
    )
    .optional(),
});

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
