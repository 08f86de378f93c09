import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PROBE_BODY, PROBE_PREFIX, STORAGE_KEY, StorageUnavailable, StoredFileMissing, watchSource, type FileStorage, type StoredEntry } from './storage';

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what most S3-compatible servers expect. */
  forcePathStyle: boolean;
};

/** Every object of ours is under this prefix: anything else in the bucket is left alone. */
const PREFIX = 'attachments/';

/**
 * Uploads of unknown length go up in parts of this size (S3's smallest): the memory an upload
 * takes is one part, whatever the file's size. A file smaller than a part goes in one PUT.
 */
const PART_SIZE = 5 * 1024 * 1024;

/** How long a download waits for the store's answer (its headers) before it is a 503 (decision 141). */
const OPEN_TIMEOUT_MS = 5_000;

/** S3 error codes that mean "no such object" (a missing bucket is a broken store, not a missing file). */
const MISSING = new Set(['NoSuchKey', 'NotFound']);
/** The server does not offer that call (S3-compatible servers implement subsets). */
const UNSUPPORTED = new Set(['NotImplemented', 'MethodNotAllowed']);

/** The S3 client every store of this deployment uses: the attachments' and the unfinished uploads' (domain/uploads/s3-pieces.ts). */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's
    // default trailing CRC32 on uploads, or send none back on downloads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable store answers a 503 within seconds instead of holding the request.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, socketTimeout: 30_000 },
  });
}

/**
 * Attachments in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), with the same contract as
 * the local folder: random keys made here, streamed both ways, typed errors.
 */
export function s3FileStorage(settings: S3Settings, options: { listPageSize?: number } = {}): FileStorage {
  const client = s3Client(settings);
  const Bucket = settings.bucket;
  const objectOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new StoredFileMissing(key);
    return `${PREFIX}${key}`;
  };
  const keyOf = (name: string | undefined) => {
    const key = name?.startsWith(PREFIX) ? name.slice(PREFIX.length) : '';
    return STORAGE_KEY.test(key) ? key : undefined;
  };

  async function* objects(): AsyncGenerator<StoredEntry> {
    let token: string | undefined;
    do {
      const page = await client
        .send(new ListObjectsV2Command({ Bucket, Prefix: PREFIX, ContinuationToken: token, MaxKeys: options.listPageSize }))
        .catch(unavailable);
      for (const object of page.Contents ?? []) {
        const key = keyOf(object.Key);
        if (!key || !object.LastModified) continue;
        yield { key, partial: false, modifiedAt: object.LastModified, remove: () => remove(key) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Multipart uploads never completed (the process died mid-upload): their parts take space but
   * no listing shows them. Servers without the call (s3rver) are skipped; a bucket lifecycle rule
   * (AbortIncompleteMultipartUpload) does the same job there (docs/decisions/120).
   */
  async function* unfinishedUploads(): AsyncGenerator<StoredEntry> {
    let KeyMarker: string | undefined;
    let UploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await client.send(new ListMultipartUploadsCommand({ Bucket, Prefix: PREFIX, KeyMarker, UploadIdMarker, MaxUploads: options.listPageSize }));
      } catch (error) {
        if (error instanceof S3ServiceException && UNSUPPORTED.has(error.name)) return;
        throw new StorageUnavailable(error);
      }
      for (const upload of page.Uploads ?? []) {
        const key = keyOf(upload.Key);
        if (!key || !upload.Initiated || !upload.UploadId) continue;
        const UploadId = upload.UploadId;
        yield {
          key,
          partial: true,
          modifiedAt: upload.Initiated,
          remove: async () => {
            await client.send(new AbortMultipartUploadCommand({ Bucket, Key: objectOf(key), UploadId })).catch(unavailable);
          },
        };
      }
      [KeyMarker, UploadIdMarker] = page.IsTruncated ? [page.NextKeyMarker, page.NextUploadIdMarker] : [undefined, undefined];
    } while (KeyMarker);
  }

  async function remove(key: string) {
    await client.send(new DeleteObjectCommand({ Bucket, Key: objectOf(key) })).catch(unavailable);
  }

  return {
    async put(source, chosenKey) {
      const key = chosenKey ?? randomUUID();
      const watched = watchSource(source);
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectOf(key), Body: watched.stream, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: 1,
      });
      try {
        await upload.done();
      } catch (error) {
        watched.stream.destroy();
        // lib-storage aborts a multipart upload it started; a server without abort leaves its
        // parts to the orphan sweep or the bucket's lifecycle rule.
        const sourceError = watched.failure();
        if (sourceError) throw sourceError;
        throw new StorageUnavailable(error);
      }
      return { key, size: watched.bytes() };
    },
    async open(key) {
      // The answer's headers within OPEN_TIMEOUT_MS, or a 503 (a stalled store would otherwise hold
      // the download for the socket's 30 s, twice); the body then takes as long as the reader does.
      const answer = new AbortController();
      const timer = setTimeout(() => answer.abort(new Error(`no answer within ${OPEN_TIMEOUT_MS} ms`)), OPEN_TIMEOUT_MS);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectOf(key) }), { abortSignal: answer.signal });
        return object.Body as Readable;
      } catch (error) {
        if (error instanceof StoredFileMissing) throw error;
        if (error instanceof S3ServiceException && MISSING.has(error.name)) throw new StoredFileMissing(key);
        throw new StorageUnavailable(error);
      } finally {
        clearTimeout(timer);
      }
    },
    remove,
    async *list() {
      yield* objects();
      yield* unfinishedUploads();
    },
    async ping() {
      // A real write and its removal (decision 141): a read-only or full bucket fails here, where
      // a HEAD of the bucket would still answer. The probe's name is no storage key, so the orphan
      // sweep never sees it; one a failed removal leaves behind is five bytes.
      const probe = `${PREFIX}${PROBE_PREFIX}${randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket, Key: probe, Body: PROBE_BODY, ContentLength: PROBE_BODY.length })).catch(unavailable);
      await client.send(new DeleteObjectCommand({ Bucket, Key: probe })).catch(unavailable);
    },
    close() {
      client.destroy();
    },
  };
}

function unavailable(error: unknown): never {
  throw error instanceof StoredFileMissing || error instanceof StorageUnavailable ? error : new StorageUnavailable(error);
}
