// Call recordings (docs/decisions/0020-call-recordings-in-storage.md): noted when a recorded call
// ends, copied from the provider into the Storage bucket after the end is applied (retried by the
// dispatcher when that fails), located for serving, and erased from Storage when retention or the
// account's erasure marks them. The rows are SQL's (task_recording_* functions); the bytes only
// ever pass through as streams.
import { type Db, must } from '../db.ts';
import { ProviderError, type VoiceProvider } from '../voice/provider.ts';
import type { ObjectStore } from './object-store.ts';

/** A recording to copy: the attempt it belongs to, the provider's URL, and its object. */
export type PendingCopy = {
  task_id: string;
  attempt: number;
  source_url: string | null;
  object_path: string;
};

export type StoredRecording = { objectPath: string; contentType: string; sizeBytes: number };

export type RecordingsDeps = {
  db: Db;
  provider: Pick<VoiceProvider, 'openRecording'>;
  store: ObjectStore;
  log?: (line: string) => void;
};

/** Copies the dispatcher retries per pass: each streams up to a recording's size. */
const COPIES_PER_PASS = 2;

export function createRecordings(deps: RecordingsDeps) {
  const { db, store } = deps;
  const log = deps.log ?? ((line: string) => console.error(line));

  /** Streams one recording from the provider into its object; records how that went. */
  async function copy(pending: PendingCopy): Promise<'stored' | 'pending' | 'failed' | null> {
    const { task_id: taskId, attempt } = pending;
    try {
      if (!pending.source_url) throw new ProviderError('No recording URL is kept', 404);
      const audio = await deps.provider.openRecording(pending.source_url);
      // Handed on untouched: a stream read chunk by chunk in JavaScript leaves its chunks to the
      // garbage collector, tens of MB for a long recording, where the runtime's own pipe holds none.
      await store.upload(pending.object_path, audio.body, audio.contentType);
      const size = audio.size();
      const stored = must(
        await db.rpc('task_recording_stored', {
          p_task_id: taskId,
          p_attempt: attempt,
          p_content_type: audio.contentType,
          p_size_bytes: size,
        }),
      ) as boolean;
      // Erased (retention, the account) while it was copied: the object must not outlive that.
      if (!stored) await store.remove([pending.object_path]).catch(() => undefined);
      return stored ? 'stored' : null;
    } catch (error) {
      // Missing, too big or not audio is final; anything else (network, Storage) is retried.
      const final = error instanceof ProviderError && error.status !== null && error.status < 500;
      log(`[task ${taskId}] recording not copied: ${(error as Error).message}`);
      return must(
        await db.rpc('task_recording_copy_failed', {
          p_task_id: taskId,
          p_attempt: attempt,
          p_error: (error as Error).message,
          p_final: final,
        }),
      ) as 'pending' | 'failed' | null;
    }
  }

  /** Removes the objects of rows marked for erasure, then forgets the rows. */
  async function removeMarked(): Promise<number> {
    let removed = 0;
    for (;;) {
      const due = must(await db.rpc('task_recordings_to_remove', { p_limit: 1000 })) as {
        task_id: string;
        object_path: string;
      }[];
      if (due.length === 0) return removed;
      await store.remove(due.map((row) => row.object_path));
      removed += must(
        await db.rpc('task_recordings_removed', { p_task_ids: due.map((row) => row.task_id) }),
      ) as number;
      if (due.length < 1000) return removed;
    }
  }

  return {
    /**
     * At the end of a recorded attempt, before the end is applied: notes what to copy (the task
     * shows `recording_status: "pending"`). Null when the task did not ask to be recorded.
     */
    async begin(
      taskId: string,
      attempt: number,
      sourceUrl: string,
      durationSeconds: number | null,
    ): Promise<PendingCopy | null> {
      const begun = must(
        await db.rpc('task_recording_begin', {
          p_task_id: taskId,
          p_attempt: attempt,
          p_source_url: sourceUrl,
          p_duration_seconds: durationSeconds,
        }),
      ) as { object_path: string } | null;
      return begun
        ? { task_id: taskId, attempt, source_url: sourceUrl, object_path: begun.object_path }
        : null;
    },

    copy,

    /** The dispatcher's pass: copies whose earlier try failed (or whose copier died), when due. */
    async copyDue(at: Date): Promise<{ copied: number; failed: number }> {
      const due = must(
        await db.rpc('task_recordings_claim_copies', {
          p_now: at.toISOString(),
          p_limit: COPIES_PER_PASS,
        }),
      ) as PendingCopy[];
      let copied = 0;
      let failed = 0;
      for (const pending of due) {
        const outcome = await copy(pending);
        if (outcome === 'stored') copied++;
        else if (outcome === 'failed') failed++;
      }
      return { copied, failed };
    },

    /** Where the user's recording of a task is, while it is kept; null otherwise. */
    async locate(userId: string, taskId: string, now: Date): Promise<StoredRecording | null> {
      const found = must(
        await db.rpc('task_recording', {
          p_user_id: userId,
          p_task_id: taskId,
          p_now: now.toISOString(),
        }),
      ) as { object_path: string; content_type: string; size_bytes: number } | null;
      return found
        ? {
            objectPath: found.object_path,
            contentType: found.content_type,
            sizeBytes: Number(found.size_bytes),
          }
        : null;
    },

    /** Opens a stored recording, or a byte range of it. */
    open: (objectPath: string, range?: { start: number; end: number }) =>
      store.open(objectPath, range),

    removeMarked,

    /** An account's recordings, whatever their retention: marked, then removed from Storage. */
    async eraseAccount(userId: string): Promise<number> {
      must(await db.rpc('task_recordings_erase_account', { p_user_id: userId }));
      return await removeMarked();
    },
  };
}

export type Recordings = ReturnType<typeof createRecordings>;
