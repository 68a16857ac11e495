import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../../src/config.ts';

export interface S3Emulator {
  /** Settings that reach the emulator's bucket, as S3_* would give them. */
  config: S3Config;
  /** Stops answering (connections refused) until `start` runs it again on the same port and data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  close(): Promise<void>;
}

/** An S3 emulator (s3rver) on a random local port, storing in a new temporary directory. */
export async function startS3Emulator(bucket = 'portal-anexos', prefix = ''): Promise<S3Emulator> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      port,
      address: '127.0.0.1',
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    ({ port } = await server.run());
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix,
    },
    stop,
    start,
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
