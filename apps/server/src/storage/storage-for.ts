import path from 'node:path';
import type { Config } from '../config.ts';
import { localDiskStorage, type FileStorage } from './file-storage.ts';
import { s3Storage } from './s3-storage.ts';

/** The bucket when S3_BUCKET is set; otherwise files on local disk under DATA_DIR/uploads. */
export function storageFor(config: Config): FileStorage {
  return config.s3 ? s3Storage(config.s3) : localDiskStorage(path.join(config.dataDir, 'uploads'));
}
