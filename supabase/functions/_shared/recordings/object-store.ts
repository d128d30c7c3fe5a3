// The recordings' bucket in Supabase Storage, through Storage's official client (storage-js, the
// library supabase-js itself uses, at the same version). Bodies are streamed both ways: uploads
// send the provider's stream as it arrives (`duplex: 'half'`), downloads hand on Storage's body,
// and a byte range goes to Storage as a `Range` header so only that part travels.
import { StorageClient } from 'npm:@supabase/storage-js@2.109.0';

export const RECORDINGS_BUCKET = 'call-recordings';

export type ObjectStore = {
  upload(path: string, body: ReadableStream<Uint8Array>, contentType: string): Promise<void>;
  /** The object's bytes, or only `range` of them (both ends included). */
  open(path: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array>>;
  /** Removes objects (any that are already gone are skipped, as Storage does). */
  remove(paths: string[]): Promise<void>;
};

export class ObjectStoreError extends Error {
  constructor(
    message: string,
    /** Storage's own status for the error ("404" for a missing object), when it gave one. */
    readonly statusCode: string | null,
  ) {
    super(message);
  }
}

function failure(error: { message: string; statusCode?: unknown } | Error): ObjectStoreError {
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return new ObjectStoreError(
    `Storage: ${error.message}`,
    typeof statusCode === 'string' ? statusCode : null,
  );
}

/** The service role's view of the bucket at `${supabaseUrl}/storage/v1`. */
export function createObjectStore(options: {
  supabaseUrl: string;
  serviceKey: string;
  bucket?: string;
  fetch?: typeof fetch;
}): ObjectStore {
  const url = `${options.supabaseUrl.replace(/\/+$/, '')}/storage/v1`;
  const bucket = options.bucket ?? RECORDINGS_BUCKET;
  const headers = { apikey: options.serviceKey, Authorization: `Bearer ${options.serviceKey}` };
  const files = (extra: Record<string, string> = {}) =>
    new StorageClient(url, { ...headers, ...extra }, options.fetch).from(bucket);

  return {
    async upload(path, body, contentType) {
      const { error } = await files().upload(path, body, {
        contentType,
        upsert: true,
        cacheControl: '0',
        duplex: 'half',
      });
      if (error) throw failure(error);
    },

    async open(path, range) {
      const { data, error } = await files(
        range ? { Range: `bytes=${range.start}-${range.end}` } : {},
      )
        .download(path)
        .asStream();
      if (error) throw failure(error);
      if (!data) throw new ObjectStoreError('Storage answered without a body', null);
      return data as ReadableStream<Uint8Array>;
    },

    async remove(paths) {
      for (let i = 0; i < paths.length; i += 1000) {
        const { error } = await files().remove(paths.slice(i, i + 1000));
        if (error) throw failure(error);
      }
    },
  };
}
