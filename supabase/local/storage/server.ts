/**
 * A Storage-compatible piece for the local stack, mounted by the gateway at /storage/v1 as hosted
 * Supabase routes Storage: exactly the object endpoints the project uses (upload, download with
 * `Range`, remove), answering and failing as Storage does (see README.md, "Storage"). Buckets and
 * object metadata are rows of storage.buckets and storage.objects (sql/storage.sql), so a bucket
 * is created by a migration as on hosted; the bytes are files named by object id under `root`.
 * Bodies are streamed both ways: nothing here holds an object in memory.
 */
import { randomUUID, createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { readBody, sendJson } from '../http';
import { STORAGE_ERRORS, StorageApiError } from './errors';

export type StorageDeps = {
  /** A pool as postgres (the tables' user on the platform side). */
  pool: pg.Pool;
  /** Verifies an access token (signature and expiry) and answers its claims. */
  verifyToken: (token: string) => Promise<{ role?: unknown; sub?: unknown }>;
  /** Where the objects' bytes are kept. */
  root: string;
};

type Bucket = { id: string; file_size_limit: string | null; allowed_mime_types: string[] | null };
type ObjectRow = {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  metadata: { size: number; mimetype: string; eTag: string; cacheControl: string } | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
};

/** Storage's own ceiling when a bucket sets none (its default upload limit, 50 MB). */
const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
const MAX_DELETE_PREFIXES = 1000;

/** Storage keeps object names to printable characters without `..` segments or a leading `/`. */
function validKey(name: string) {
  return (
    name.length > 0 &&
    name.length <= 1024 &&
    !name.startsWith('/') &&
    !name.split('/').some((part) => part === '' || part === '.' || part === '..') &&
    ![...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
  );
}

/** One satisfiable range of `size` bytes from a `Range: bytes=…` header, or why not. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // A header Storage cannot read as one range is ignored, as HTTP allows: the whole object.
  if (!match || (match[1] === '' && match[2] === '')) return 'none';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export function createStorageHandler(deps: StorageDeps) {
  const { pool, root } = deps;
  const fileOf = (bucket: string, id: string) => path.join(root, bucket, id);

  async function roleOf(req: IncomingMessage): Promise<string> {
    const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    if (!match)
      throw STORAGE_ERRORS.invalidJwt('headers must have required property authorization');
    try {
      const claims = await deps.verifyToken(match[1]!.trim());
      return typeof claims.role === 'string' ? claims.role : 'anon';
    } catch (error) {
      throw STORAGE_ERRORS.invalidJwt((error as Error).message || 'Invalid JWT');
    }
  }

  async function bucketOf(id: string): Promise<Bucket> {
    const { rows } = await pool.query<Bucket>(
      'select id, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [id],
    );
    if (!rows[0]) throw STORAGE_ERRORS.noSuchBucket();
    return rows[0];
  }

  async function objectOf(bucket: string, name: string): Promise<ObjectRow | null> {
    const { rows } = await pool.query<ObjectRow>(
      'select * from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    );
    return rows[0] ?? null;
  }

  function mimeAllowed(type: string, allowed: string[] | null) {
    if (!allowed || allowed.length === 0) return true;
    const bare = type.split(';')[0]!.trim().toLowerCase();
    return allowed.some((pattern) =>
      pattern.endsWith('/*')
        ? bare.startsWith(pattern.slice(0, -1).toLowerCase())
        : bare === pattern.toLowerCase(),
    );
  }

  async function upload(
    req: IncomingMessage,
    res: ServerResponse,
    role: string,
    bucketId: string,
    name: string,
    mode: 'create' | 'update',
  ) {
    const bucket = await bucketOf(bucketId);
    if (!validKey(name)) throw STORAGE_ERRORS.invalidKey(name);
    // No policy on storage.objects lets an API role write: only the service role bypasses RLS.
    if (role !== 'service_role') throw STORAGE_ERRORS.rowLevelSecurity();
    const contentType = String(req.headers['content-type'] ?? 'text/plain;charset=UTF-8');
    if (!mimeAllowed(contentType, bucket.allowed_mime_types))
      throw STORAGE_ERRORS.invalidMimeType(contentType.split(';')[0]!);
    const limit = bucket.file_size_limit ? Number(bucket.file_size_limit) : DEFAULT_FILE_SIZE_LIMIT;
    if (Number(req.headers['content-length'] ?? 0) > limit) throw STORAGE_ERRORS.entityTooLarge();
    const upsert = mode === 'update' || req.headers['x-upsert'] === 'true';
    const existing = await objectOf(bucketId, name);
    if (existing && !upsert) throw STORAGE_ERRORS.duplicate();
    if (!existing && mode === 'update') throw STORAGE_ERRORS.noSuchKey();

    await mkdir(path.join(root, bucketId), { recursive: true });
    const partial = path.join(root, bucketId, `.${randomUUID()}.part`);
    const hash = createHash('md5');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > limit) return callback(STORAGE_ERRORS.entityTooLarge());
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      await pipeline(req, counter, createWriteStream(partial));
    } catch (error) {
      await rm(partial, { force: true });
      if (error instanceof StorageApiError) throw error;
      throw STORAGE_ERRORS.invalidRequest('The upload was interrupted');
    }
    const eTag = `"${hash.digest('hex')}"`;
    const metadata = {
      eTag,
      size,
      mimetype: contentType,
      cacheControl: String(req.headers['cache-control'] ?? 'max-age=3600'),
      lastModified: new Date().toISOString(),
      contentLength: size,
      httpStatusCode: 200,
    };
    const version = randomUUID();
    let row: ObjectRow;
    try {
      const { rows } = await pool.query<ObjectRow>(
        upsert
          ? `insert into storage.objects (bucket_id, name, metadata, version)
             values ($1, $2, $3, $4)
             on conflict (bucket_id, name) do update
               set metadata = excluded.metadata, version = excluded.version, updated_at = now()
             returning *`
          : `insert into storage.objects (bucket_id, name, metadata, version)
             values ($1, $2, $3, $4) returning *`,
        [bucketId, name, metadata, version],
      );
      row = rows[0]!;
    } catch (error) {
      await rm(partial, { force: true });
      if ((error as { code?: string }).code === '23505') throw STORAGE_ERRORS.duplicate();
      throw error;
    }
    await rename(partial, fileOf(bucketId, row.id));
    sendJson(res, 200, { Key: `${bucketId}/${name}`, Id: row.id });
  }

  async function download(
    req: IncomingMessage,
    res: ServerResponse,
    role: string,
    bucketId: string,
    name: string,
  ) {
    await bucketOf(bucketId);
    const row = await objectOf(bucketId, name);
    // Without a policy an API role sees no row: to it the object does not exist.
    if (!row || role !== 'service_role') throw STORAGE_ERRORS.noSuchKey();
    const file = fileOf(bucketId, row.id);
    const size = (await stat(file).catch(() => null))?.size;
    if (size === undefined) throw STORAGE_ERRORS.noSuchKey();
    const range = byteRange(req.headers.range, size);
    if (range === 'unsatisfiable') throw STORAGE_ERRORS.invalidRange();
    const headers: Record<string, string> = {
      'Content-Type': row.metadata?.mimetype ?? 'application/octet-stream',
      'Cache-Control': row.metadata?.cacheControl ?? 'no-cache',
      ETag: row.metadata?.eTag ?? `"${row.id}"`,
      'Last-Modified': row.updated_at.toUTCString(),
      'Accept-Ranges': 'bytes',
    };
    if (range === 'none') {
      res.writeHead(200, { ...headers, 'Content-Length': String(size) });
      if (req.method === 'HEAD') return void res.end();
      await pipeline(createReadStream(file), res).catch(() => res.destroy());
      return;
    }
    res.writeHead(206, {
      ...headers,
      'Content-Length': String(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
    });
    if (req.method === 'HEAD') return void res.end();
    await pipeline(createReadStream(file, { start: range.start, end: range.end }), res).catch(() =>
      res.destroy(),
    );
  }

  async function remove(res: ServerResponse, role: string, bucketId: string, names: string[]) {
    await bucketOf(bucketId);
    // Hidden rows (an API role without a policy) are not deleted and not listed, as with RLS.
    if (role !== 'service_role') return void sendJson(res, 200, []);
    const client = await pool.connect();
    let deleted: ObjectRow[];
    try {
      await client.query('begin');
      await client.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      ({ rows: deleted } = await client.query<ObjectRow>(
        'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
        [bucketId, names],
      ));
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    for (const row of deleted) await rm(fileOf(bucketId, row.id), { force: true });
    sendJson(
      res,
      200,
      deleted.map((row) => ({
        bucket_id: row.bucket_id,
        name: row.name,
        id: row.id,
        owner: row.owner,
        metadata: row.metadata,
        created_at: row.created_at,
        updated_at: row.updated_at,
        last_accessed_at: row.last_accessed_at,
      })),
    );
  }

  /** Routes a request below /storage/v1. */
  async function handle(req: IncomingMessage, res: ServerResponse, route: string): Promise<void> {
    const method = req.method ?? 'GET';
    const object = /^\/object(?:\/authenticated)?\/([^/]+)\/(.+)$/.exec(route);
    const bucketOnly = /^\/object\/([^/]+)\/?$/.exec(route);
    try {
      if (
        object &&
        !route.startsWith('/object/authenticated/') &&
        (method === 'POST' || method === 'PUT')
      ) {
        const role = await roleOf(req);
        return await upload(
          req,
          res,
          role,
          decodeURIComponent(object[1]!),
          decodeURIComponent(object[2]!),
          method === 'POST' ? 'create' : 'update',
        );
      }
      if (object && (method === 'GET' || method === 'HEAD')) {
        const role = await roleOf(req);
        return await download(
          req,
          res,
          role,
          decodeURIComponent(object[1]!),
          decodeURIComponent(object[2]!),
        );
      }
      if (object && method === 'DELETE') {
        const role = await roleOf(req);
        const bucket = decodeURIComponent(object[1]!);
        const name = decodeURIComponent(object[2]!);
        await bucketOf(bucket);
        const found = await objectOf(bucket, name);
        if (!found || role !== 'service_role') throw STORAGE_ERRORS.noSuchKey();
        await removeOne(bucket, found);
        return sendJson(res, 200, { message: 'Successfully deleted' });
      }
      if (bucketOnly && method === 'DELETE') {
        const role = await roleOf(req);
        let body: unknown;
        try {
          body = JSON.parse((await readBody(req, 1_000_000)).toString('utf8'));
        } catch {
          throw STORAGE_ERRORS.invalidRequest('body must be object');
        }
        const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
        if (
          !Array.isArray(prefixes) ||
          prefixes.length < 1 ||
          prefixes.length > MAX_DELETE_PREFIXES ||
          !prefixes.every((p) => typeof p === 'string')
        )
          throw STORAGE_ERRORS.invalidRequest(
            `body/prefixes must be an array of 1 to ${MAX_DELETE_PREFIXES} strings`,
          );
        return await remove(res, role, decodeURIComponent(bucketOnly[1]!), prefixes);
      }
      req.resume();
      // Fastify's own answer for a route it does not have.
      sendJson(res, 404, {
        message: `Route ${method}:/storage/v1${route} not found`,
        error: 'Not Found',
        statusCode: 404,
      });
    } catch (error) {
      // The client is still sending: read the rest first, so it gets the answer, not a reset.
      if (!req.complete)
        await new Promise<void>((resolve) => {
          req.once('end', resolve);
          req.once('close', resolve);
          req.resume();
        });
      const known =
        error instanceof StorageApiError
          ? error
          : (console.error('[storage]', error), STORAGE_ERRORS.internal());
      if (res.headersSent) res.destroy();
      else sendJson(res, known.httpStatus, known.render());
    }
  }

  async function removeOne(bucket: string, row: ObjectRow) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('storage.allow_delete_query', 'true', true)`);
      await client.query('delete from storage.objects where id = $1', [row.id]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    await rm(fileOf(bucket, row.id), { force: true });
  }

  /** A new stack (no object rows) starts with no stray bytes from an earlier cluster. */
  async function prepare() {
    const { rows } = await pool.query<{ any: boolean }>(
      'select exists (select from storage.objects) as any',
    );
    if (!rows[0]?.any) await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
  }

  return { handle, prepare };
}

export type StorageHandler = ReturnType<typeof createStorageHandler>;
