import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live. The database keeps only the key, so app servers stay stateless
 * once an object-store implementation is configured; local disk is the default.
 */
export interface FileStorage {
  /** Stores the bytes under a new key and returns it. */
  put(data: Buffer): Promise<string>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
}

/** Files under DATA_DIR/uploads/, sharded by the first two characters of a random key. */
export function localDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(data) {
      const key = randomUUID();
      await mkdir(path.dirname(fileOf(key)), { recursive: true });
      await writeFile(fileOf(key), data, { flag: 'wx' });
      return key;
    },
    read: (key) => createReadStream(fileOf(key)),
    remove: (key) => rm(fileOf(key), { force: true }),
  };
}
