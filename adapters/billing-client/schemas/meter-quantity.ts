import { z } from 'zod';
import { dateTime } from './common.js';

/** A meter query: quantities per period plus their total. */
export const meterQuantities = z.object({
  quantities: z.array(z.object({ timestamp: dateTime, quantity: z.number() })),
  total: z.number(),
});

export const aggregationFunctions = ['count', 'sum', 'max', 'min', 'avg'] as const;
