import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { S3Settings } from '../../platform/storage/s3-storage';
import { S3PiecesStore } from './s3-pieces';

/**
 * Where unfinished uploads' bytes wait (docs/decisions/153-resumable-uploads.md), chosen as the attachment
 * storage is: the S3-compatible store when configured (its objects under
 * UPLOAD_PREFIX, apart from the attachments' own prefix and their orphan sweep), else
 * DATA_DIR/uploads (shared by the processes of one machine or one volume).
 */
export type UploadStore = {
  datastore: DataStore;
  read(id: string): Promise<Readable>;
  remove(id: string): Promise<void>;
  close?(): void;
};

export const UPLOAD_PREFIX = 'uploads/';

export function uploadStore(options: { dataDir: string; s3: S3Settings | undefined }): UploadStore {
  if (options.s3) {
    const store = new S3PiecesStore(options.s3, UPLOAD_PREFIX);
    return { datastore: store, read: (id) => store.read(id), remove: (id) => store.remove(id), close: () => store.close() };
  }
  const store = new FileStore({ directory: path.join(options.dataDir, 'uploads') });
  return { datastore: store, read: async (id) => store.read(id), remove: (id) => store.remove(id) };
}
