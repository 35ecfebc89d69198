import { z } from 'zod';
import { base, dateTime } from './common.js';
import { customer } from './customer.js';

/** reference §3 "CustomerSession". */
export const customerSession = z.object({
  ...base,
  token: z.string(),
  expires_at: dateTime,
  return_url: z.string().nullable(),
  customer_portal_url: z.string(),
  customer_id: z.string(),
  customer,
});

const returnUrl = z.url().nullable().optional();

/** Create body: a customer id or an external customer id (reference §4 "Customer sessions"). */
export const customerSessionCreate = z.union([
  z.strictObject({ customer_id: z.string().min(1), return_url: returnUrl }),
  z.strictObject({ external_customer_id: z.string().min(1), return_url: returnUrl }),
]);
