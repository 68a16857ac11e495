import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localDiskStorage,
  StorageUnavailableError,
  type FileStorage,
} from '../../src/storage/file-storage.ts';
import { s3Storage } from '../../src/storage/s3-storage.ts';
import { startS3Emulator } from './s3-emulator.ts';

/** One storage under test, a storage of the same kind that cannot be used, and cleanup. */
interface Subject {
  storage: FileStorage;
  unusable: FileStorage;
  /** Whether the unusable storage fails with the object store's StorageUnavailableError. */
  unusableIsStoreFault: boolean;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Larger than one 5 MB part: the object store receives it as a multipart upload. */
const LARGE = 6 * 1024 * 1024 + 123;

const keysOf = async (storage: FileStorage) => {
  const keys: { key: string; incomplete: boolean }[] = [];
  for await (const entry of storage.entries()) keys.push({ key: entry.key, incomplete: entry.incomplete });
  return keys;
};

/** Yields `bytes`, then fails as a client that disconnects mid-upload. */
function failingSource(bytes: Buffer, error: Error) {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes.length; at += 256 * 1024) yield bytes.subarray(at, at + 256 * 1024);
      throw error;
    })(),
  );
}

function storageContract(name: string, setup: () => Promise<Subject>) {
  describe(`the FileStorage contract: ${name}`, () => {
    let subject: Subject;
    let storage: FileStorage;
    beforeAll(async () => {
      subject = await setup();
      storage = subject.storage;
    });
    afterAll(() => subject.close());

    it('writes a file under a new random key and reads back the same bytes, with its size and first bytes', async () => {
      const small = Buffer.from('%PDF-1.7 a small file');
      const large = randomBytes(LARGE);
      for (const bytes of [small, large]) {
        const written = await storage.write(Readable.from([bytes]));
        expect(written.key).toMatch(UUID);
        expect(written.size).toBe(bytes.length);
        expect(written.head).toEqual(bytes.subarray(0, 16));
        expect((await buffer(storage.read(written.key))).equals(bytes)).toBe(true);
      }
      const [first, second] = [
        await storage.write(Readable.from([small])),
        await storage.write(Readable.from([small])),
      ];
      expect(first.key).not.toBe(second.key);
    });

    it('lists every complete file as an entry and forgets a removed one; removing twice is no failure', async () => {
      const a = await storage.write(Readable.from([Buffer.from('a')]));
      const b = await storage.write(Readable.from([Buffer.from('b')]));
      const before = await keysOf(storage);
      expect(before).toEqual(
        expect.arrayContaining([
          { key: a.key, incomplete: false },
          { key: b.key, incomplete: false },
        ]),
      );
      await storage.remove(a.key);
      await storage.remove(a.key);
      const after = await keysOf(storage);
      expect(after.map((e) => e.key)).not.toContain(a.key);
      expect(after.map((e) => e.key)).toContain(b.key);
      await expect(buffer(storage.read(a.key))).rejects.toThrow();
    });

    it('refuses keys that are not its own random keys, on read and on remove', async () => {
      for (const bad of [
        '../../etc/passwd',
        'a/../../b',
        '',
        'ABCDEF00-0000-4000-8000-000000000000',
        '0'.repeat(36),
      ]) {
        expect(() => storage.read(bad), bad).toThrow(/invalid storage key/);
        await expect(storage.remove(bad), bad).rejects.toThrow(/invalid storage key/);
      }
    });

    it('leaves nothing behind when the source fails midway, small or multipart, and rethrows the source error', async () => {
      const before = await keysOf(storage);
      for (const size of [1000, LARGE]) {
        const gone = new Error(`client gone after ${size} bytes`);
        await expect(storage.write(failingSource(randomBytes(size), gone))).rejects.toBe(gone);
      }
      expect(await keysOf(storage)).toEqual(before);
    });

    it('probe resolves for a usable storage and throws for one that cannot be used', async () => {
      await expect(storage.probe()).resolves.toBeUndefined();
      const failure = subject.unusable.probe();
      await expect(failure).rejects.toThrow();
      if (subject.unusableIsStoreFault) await expect(failure).rejects.toBeInstanceOf(StorageUnavailableError);
    });

    it('a write to an unusable storage fails and leaves nothing', async () => {
      await expect(subject.unusable.write(Readable.from([Buffer.from('x')]))).rejects.toThrow();
      if (subject.unusableIsStoreFault) {
        await expect(subject.unusable.write(Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(
          StorageUnavailableError,
        );
      }
    });
  });
}

storageContract('local disk', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-storage-'));
  // A root below a regular file can never be created.
  await writeFile(path.join(dir, 'not-a-directory'), 'x');
  return {
    storage: localDiskStorage(path.join(dir, 'uploads')),
    unusable: localDiskStorage(path.join(dir, 'not-a-directory', 'uploads')),
    unusableIsStoreFault: false,
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

storageContract('S3 (s3rver emulator)', async () => {
  const emulator = await startS3Emulator();
  return {
    storage: s3Storage({ ...emulator.config, prefix: 'portal/' }),
    unusable: s3Storage({ ...emulator.config, bucket: 'no-such-bucket' }),
    unusableIsStoreFault: true,
    close: () => emulator.close(),
  };
});
