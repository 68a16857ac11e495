import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';
import {
  checkedKey,
  isStorageKey,
  meter,
  StorageUnavailableError,
  type FileStorage,
  type StorageEntry,
} from './file-storage.ts';

/** The smallest part S3 accepts; two in flight bound an upload's memory to about 10 MB. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const errorName = (err: unknown) => (err as { name?: unknown } | null)?.name;

/** A store without ListMultipartUploads (some emulators) simply has no incomplete uploads to show. */
const notImplemented = (err: unknown) =>
  errorName(err) === 'NotImplemented' ||
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 501;

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint && { endpoint: config.endpoint }),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where the API requires them: S3-compatible stores differ on the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store fails the save within seconds instead of holding the request.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/**
 * Attachments as objects `<prefix><key>` in one bucket, so any number of app servers share them.
 * Writes stream in parts (never a whole file in memory); a failed multipart upload is aborted, and
 * one whose abort failed too is listed by `entries()` as incomplete for the orphan sweep.
 */
export function s3Storage(config: S3Config, client: S3Client = s3Client(config)): FileStorage {
  const Bucket = config.bucket;
  const objectOf = (key: string) => `${config.prefix}${checkedKey(key)}`;
  /** The storage key of an object name under the prefix, or undefined for anything else. */
  const keyOf = (name: string | undefined) => {
    const key = name?.startsWith(config.prefix) ? name.slice(config.prefix.length) : undefined;
    return key !== undefined && isStorageKey(key) ? key : undefined;
  };

  async function* incompleteUploads(prefix: string) {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      const page = await client
        .send(new ListMultipartUploadsCommand({ Bucket, Prefix: prefix, KeyMarker, UploadIdMarker }))
        .catch((err: unknown) => {
          if (notImplemented(err)) return undefined;
          throw err;
        });
      if (!page) return;
      for (const upload of page.Uploads ?? []) {
        if (upload.Key && upload.UploadId)
          yield { Key: upload.Key, UploadId: upload.UploadId, Initiated: upload.Initiated };
      }
      ({ NextKeyMarker: KeyMarker, NextUploadIdMarker: UploadIdMarker } = page.IsTruncated ? page : {});
    } while (KeyMarker !== undefined);
  }

  return {
    async write(source) {
      const key = randomUUID();
      const counted = meter();
      // A failing source (a client gone mid-upload) is the client's fault, not the store's; but a
      // store that fails mid-upload aborts the source in turn, and that abort is still the store's.
      let sourceError: unknown;
      source.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ABORT_ERR' && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') sourceError ??= err;
      });
      const flowing = pipeline(source, counted.stream).catch(() => undefined);
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectOf(key), Body: counted.stream, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        counted.stream.destroy();
        await flowing;
        throw sourceError ?? new StorageUnavailableError(err);
      }
      return { key, ...counted.result() };
    },
    read(key) {
      const Key = objectOf(key);
      const out = new PassThrough();
      client.send(new GetObjectCommand({ Bucket, Key })).then(
        ({ Body }) => pipeline(Body as Readable, out).catch((err: unknown) => out.destroy(err as Error)),
        // A missing object stays a plain failure (as a missing file on disk); the rest is the store.
        (err: unknown) =>
          out.destroy(errorName(err) === 'NoSuchKey' ? (err as Error) : new StorageUnavailableError(err)),
      );
      return out;
    },
    async remove(key) {
      const Key = objectOf(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
        for await (const upload of incompleteUploads(Key)) {
          if (upload.Key === Key) await client.send(new AbortMultipartUploadCommand({ Bucket, ...upload }));
        }
      } catch (err) {
        throw new StorageUnavailableError(err);
      }
    },
    async *entries(): AsyncIterable<StorageEntry> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: config.prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = keyOf(object.Key);
          if (key) yield { key, incomplete: false, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      for await (const upload of incompleteUploads(config.prefix)) {
        const key = keyOf(upload.Key);
        if (key) yield { key, incomplete: true, modifiedAt: upload.Initiated ?? new Date() };
      }
    },
    async probe() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw new StorageUnavailableError(err);
      }
    },
  };
}
