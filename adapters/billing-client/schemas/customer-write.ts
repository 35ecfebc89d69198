import { z } from 'zod';
import { metadata } from './common.js';
import { address, taxId } from './customer.js';

/** A tax id as the specs write it (`[value, type]`), or as the provider's SDK sends it (the value alone). */
export const taxIdInput = z.union([taxId, z.string().min(1)]);

/** Customer create payload: email required, the rest optional. */
export const customerCreate = z.object({
  email: z.email(),
  name: z.string().nullable().optional(),
  external_id: z.string().min(1).nullable().optional(),
  billing_address: address.nullable().optional(),
  tax_id: taxIdInput.nullable().optional(),
  locale: z.string().nullable().optional(),
  metadata: metadata.optional(),
  organization_id: z.string().nullable().optional(),
  type: z.enum(['individual', 'team']).nullable().optional(),
});

/** The update-by-external-id variant cannot change the external id. */
export const customerUpdateExternal = z.object({
  email: z.email().nullable().optional(),
  name: z.string().nullable().optional(),
  billing_address: address.nullable().optional(),
  tax_id: taxIdInput.nullable().optional(),
  locale: z.string().nullable().optional(),
  metadata: metadata.optional(),
});

/** external_id may be set once; changing it afterwards is refused by the server (reference §4). */
export const customerUpdate = customerUpdateExternal.extend({ external_id: z.string().min(1).nullable().optional() });
