/**
 * Supabase Storage's error answers: `{statusCode, code, error, message}` where `statusCode` is the
 * error's own status as a string and the HTTP status is 400 for every client error (500 for a
 * server fault), as Storage answers for compatibility. storage-js reads `statusCode` and `message`.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  toResponse(): Response {
    const body = { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
    return Response.json(body, { status: this.statusCode >= 500 ? 500 : 400 });
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'InvalidJWT', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'InvalidSignature', 'The url do not match the signature'),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  duplicate: () => new StorageError(409, 'Duplicate', 'Duplicate', 'The resource already exists'),
  tooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (type: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${type} is not supported`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'InvalidRequest', message),
  notSupported: (what: string) => new StorageError(400, 'NotSupported', 'NotSupported', `${what} is not served by the local stand-in`),
};

/** Postgres refusals as Storage words them: row-level security is 403, a taken name 409. */
export function fromDatabase(error: unknown): StorageError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '42501') return storageErrors.accessDenied('new row violates row-level security policy');
  if (code === '23505') return storageErrors.duplicate();
  if (code === '23503') return storageErrors.noSuchBucket();
  return null;
}
