/**
 * Storage's error answers as hosted Storage renders them: the HTTP status is 400 for every
 * error but an internal one, and the body carries the error's own status as a string, its code,
 * its legacy `error` name and a message (Storage's error catalogue and global error handler).
 */
export class StorageApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }

  get httpStatus() {
    return this.statusCode === 500 ? 500 : 400;
  }

  render() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }
}

export const STORAGE_ERRORS = {
  noSuchBucket: () =>
    new StorageApiError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageApiError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  duplicate: () =>
    new StorageApiError(409, 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  invalidJwt: (message: string) => new StorageApiError(400, 'InvalidJWT', 'InvalidJWT', message),
  /** What an insert refused by row-level security (no policy lets the role write) answers. */
  rowLevelSecurity: () =>
    new StorageApiError(
      403,
      'AccessDenied',
      'Unauthorized',
      'new row violates row-level security policy',
    ),
  entityTooLarge: () =>
    new StorageApiError(
      413,
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  invalidMimeType: (type: string) =>
    new StorageApiError(
      415,
      'InvalidMimeType',
      'invalid_mime_type',
      `mime type ${type} is not supported`,
    ),
  invalidRange: () =>
    new StorageApiError(416, 'InvalidRange', 'invalid_range', 'invalid range provided'),
  invalidKey: (key: string) =>
    new StorageApiError(400, 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidRequest: (message: string) =>
    new StorageApiError(400, 'InvalidRequest', 'InvalidRequest', message),
  internal: () => new StorageApiError(500, 'InternalError', 'Internal', 'Internal Server Error'),
};
