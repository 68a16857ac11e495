import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { constants, createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How many leading bytes `write` keeps, so the caller can judge a file's type without reading it back. */
const HEAD_BYTES = 16;

export interface WrittenFile {
  key: string;
  size: number;
  /** The first bytes of the file (fewer when the file is shorter). */
  head: Buffer;
}

/** One file under the storage, complete or an upload still (or never again) being written. */
export interface StorageEntry {
  key: string;
  incomplete: boolean;
  modifiedAt: Date;
}

/**
 * Where attachment bytes live. The database keeps only the key, so app servers stay stateless
 * once an object-store implementation is configured; local disk is the default.
 */
export interface FileStorage {
  /**
   * Streams the bytes to a new key. Nothing is left behind when the source or the disk fails:
   * the partial file is removed and the error (e.g. ENOSPC) rethrown.
   */
  write(source: Readable): Promise<WrittenFile>;
  read(key: string): Readable;
  /** Removes the file and any incomplete upload of it. */
  remove(key: string): Promise<void>;
  /** Every file and incomplete upload, for the orphan sweep. */
  entries(): AsyncIterable<StorageEntry>;
  /** Resolves when the storage can be used right now (for /api/ready); throws with the cause otherwise. */
  probe(): Promise<void>;
}

/**
 * A file a row names is not in the storage (removed by hand, a restore without its files, an
 * expired export swept between the read of its row and the download): the error handler answers
 * 404 and logs it for the operator.
 */
export class StoredFileMissingError extends Error {
  override name = 'StoredFileMissingError';
  constructor(readonly key: string) {
    super(`arquivo ausente do armazenamento: ${key}`);
  }
}

/** Whether a storage's read failed because the file is not there (disk ENOENT, S3 NoSuchKey). */
export const isMissingFile = (err: unknown) =>
  (err as { code?: string }).code === 'ENOENT' || (err as { name?: string }).name === 'NoSuchKey';

/**
 * The storage could not be reached or refused the operation (an object store down, a missing
 * bucket): the error handler answers 503, and a save that met it wrote nothing.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(cause: unknown) {
    super('file storage unavailable', { cause });
  }
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Keys are random UUIDs; anything else never reaches a path or an object name. */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
  return key;
}
export const isStorageKey = (key: string) => KEY.test(key);
/** An upload in progress: written flat in the root under this suffix, moved into its shard when complete. */
const INCOMPLETE = '.part';

/** Counts the bytes that pass and keeps the first HEAD_BYTES of them. */
export function meter() {
  let size = 0;
  let head = Buffer.alloc(0);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, head }) };
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** A file's place under the local root: a shard named by the key's first two characters, then the key. */
export const shardedPath = (key: string) => path.join(key.slice(0, 2), key);

/**
 * Files under DATA_DIR/uploads/<first two characters of a random key>/<key>. A shard directory
 * emptied by a removal is removed too, so a refused upload leaves the storage as it found it.
 */
export function localDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, shardedPath(checkedKey(key)));
  const incompleteOf = (key: string) => path.join(root, `${key}${INCOMPLETE}`);

  /** A concurrent removal may drop the shard between mkdir and rename; then it is made again. */
  async function moveIntoShard(from: string, to: string) {
    for (let attempt = 1; ; attempt++) {
      await mkdir(path.dirname(to), { recursive: true });
      try {
        return await rename(from, to);
      } catch (err) {
        if (!isMissing(err) || attempt === 3) throw err;
      }
    }
  }

  return {
    async write(source) {
      const key = randomUUID();
      const partial = incompleteOf(key);
      const counted = meter();
      let file: WriteStream | undefined;
      try {
        await mkdir(root, { recursive: true });
        file = createWriteStream(partial, { flags: 'wx' });
        await pipeline(source, counted.stream, file);
        await moveIntoShard(partial, fileOf(key));
      } catch (err) {
        // A failure can come before the file is even opened: it must be closed before it is
        // removed, or the open completing afterwards leaves an empty partial file behind.
        if (file && !file.closed) await once(file, 'close').catch(() => undefined);
        await rm(partial, { force: true });
        throw err;
      }
      return { key, ...counted.result() };
    },
    read: (key) => createReadStream(fileOf(key)),
    async remove(key) {
      const file = fileOf(key);
      await Promise.all([rm(file, { force: true }), rm(incompleteOf(key), { force: true })]);
      // Fails harmlessly (ENOTEMPTY, ENOENT) unless this was the shard's last file.
      await rmdir(path.dirname(file)).catch(() => undefined);
    },
    async *entries() {
      const names = await readdir(root).catch((err: unknown) => {
        if (isMissing(err)) return [];
        throw err;
      });
      for (const name of names) {
        if (name.endsWith(INCOMPLETE)) {
          const key = name.slice(0, -INCOMPLETE.length);
          const info = await stat(path.join(root, name)).catch(() => null);
          if (KEY.test(key) && info?.isFile()) yield { key, incomplete: true, modifiedAt: info.mtime };
          continue;
        }
        for (const key of await readdir(path.join(root, name)).catch(() => [])) {
          // A file removed between readdir and stat (a delete in flight) is simply no entry.
          const info = KEY.test(key) ? await stat(path.join(root, name, key)).catch(() => null) : null;
          if (info?.isFile()) yield { key, incomplete: false, modifiedAt: info.mtime };
        }
      }
    },
    async probe() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
