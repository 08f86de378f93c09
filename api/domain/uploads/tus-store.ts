import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { DataStore, Upload } from '@tus/utils';
import type { S3Settings } from '../../platform/storage/s3-storage';

/**
 * Where unfinished uploads' bytes wait (docs/decisions/153-resumable-uploads.md), chosen as the attachment
 * storage is: the S3-compatible store when configured (its objects and multipart uploads under
 * UPLOAD_PREFIX, apart from the attachments' own prefix and their orphan sweep), else
 * DATA_DIR/uploads (shared by the processes of one machine or one volume).
 */
export type UploadStore = {
  datastore: DataStore;
  read(id: string): Promise<Readable>;
  remove(id: string): Promise<void>;
};

export const UPLOAD_PREFIX = 'uploads/';

export function uploadStore(options: { dataDir: string; s3: S3Settings | undefined }): UploadStore {
  if (options.s3) {
    const s3 = options.s3;
    const store = new S3Store({
      s3ClientConfig: {
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: s3.region,
        forcePathStyle: s3.forcePathStyle,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      },
    });
    const datastore = prefixed(store, UPLOAD_PREFIX);
    return { datastore, read: (id) => store.read(UPLOAD_PREFIX + id), remove: (id) => datastore.remove(id) };
  }
  const store = new FileStore({ directory: path.join(options.dataDir, 'uploads') });
  return { datastore: store, read: async (id) => store.read(id), remove: (id) => store.remove(id) };
}

/** The store with every id under `prefix` (S3Store names its objects by the bare id). */
function prefixed(store: S3Store, prefix: string): DataStore {
  const outer = (upload: Upload) => new Upload({ ...upload, id: upload.id.slice(prefix.length) });
  return new (class extends DataStore {
    override extensions = store.extensions;
    override async create(upload: Upload) {
      return outer(await store.create(new Upload({ ...upload, id: prefix + upload.id })));
    }
    override remove(id: string) {
      return store.remove(prefix + id);
    }
    override write(stream: Readable, id: string, offset: number) {
      return store.write(stream, prefix + id, offset);
    }
    override async getUpload(id: string) {
      return outer(await store.getUpload(prefix + id));
    }
    override declareUploadLength(id: string, length: number) {
      return store.declareUploadLength(prefix + id, length);
    }
  })();
}
