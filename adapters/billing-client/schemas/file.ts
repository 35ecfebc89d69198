import { z } from 'zod';
import { dateTime, int, openEnum } from './common.js';

export const fileServices = ['downloadable', 'product_media', 'organization_avatar'] as const;

/**
 * What every view of a file carries (reference §3 "File"): the seller's reads add `created_at`, the
 * portal's downloadable adds its signed download.
 */
export const storedFileFields = {
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  path: z.string(),
  mime_type: z.string(),
  size: int,
  storage_version: z.string().nullable(),
  checksum_etag: z.string().nullable(),
  checksum_sha256_base64: z.string().nullable(),
  checksum_sha256_hex: z.string().nullable(),
  last_modified_at: dateTime.nullable(),
  version: z.string().nullable(),
  is_uploaded: z.boolean(),
  size_readable: z.string(),
};

/** reference §3 "File". */
const fileFields = { ...storedFileFields, created_at: dateTime };

export const downloadableFile = z.object({ ...fileFields, service: z.literal('downloadable') });
/** Media and avatars are served publicly, hence their URL. */
export const productMediaFile = z.object({ ...fileFields, service: z.literal('product_media'), public_url: z.string() });
export const organizationAvatarFile = z.object({
  ...fileFields,
  service: z.literal('organization_avatar'),
  public_url: z.string(),
});
export const fileRead = z.discriminatedUnion('service', [downloadableFile, productMediaFile, organizationAvatarFile]);

const uploadPartRequest = z.object({
  number: int.min(1),
  chunk_start: int.min(0),
  chunk_end: int.min(0),
  checksum_sha256_base64: z.string().nullable().optional(),
});

export const fileCreate = z.object({
  organization_id: z.string().nullable().optional(),
  name: z.string().min(1),
  mime_type: z.string().min(1),
  size: int.min(0),
  checksum_sha256_base64: z.string().nullable().optional(),
  upload: z.object({ parts: z.array(uploadPartRequest).min(1) }),
  service: z.enum(fileServices),
  version: z.string().nullable().optional(),
});

const uploadPart = z.object({
  number: int,
  chunk_start: int,
  chunk_end: int,
  checksum_sha256_base64: z.string().nullable(),
  url: z.string(),
  expires_at: dateTime,
  headers: z.record(z.string(), z.string()).optional(),
});

/** The create answer: the file (not yet uploaded) plus where to put each part. */
export const fileUpload = z.object({
  ...fileFields,
  service: openEnum(fileServices),
  upload: z.object({ id: z.string(), path: z.string(), parts: z.array(uploadPart) }),
});

export const fileUploadCompleted = z.object({
  id: z.string().min(1),
  path: z.string().min(1),
  parts: z
    .array(
      z.object({
        number: int.min(1),
        checksum_etag: z.string().min(1),
        checksum_sha256_base64: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

export const filePatch = z.object({
  name: z.string().min(1).nullable().optional(),
  version: z.string().nullable().optional(),
});
