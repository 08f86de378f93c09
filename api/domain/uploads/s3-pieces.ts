import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { s3Client, type S3Settings } from '../../platform/storage/s3-storage';

const INFO = 'info';
const PIECE = /^p-(\d{12})$/;
const pieceName = (offset: number) => `p-${String(offset).padStart(12, '0')}`;

/**
 * A tus store on an S3-compatible bucket made of plain objects (docs/decisions/153-resumable-uploads.md): each
 * PATCH's bytes become one object `<prefix><id>/p-<offset>`, beside `<prefix><id>/info` (the length).
 * The offset is the end of the pieces that follow each other from 0, read from a listing on every
 * call: no process keeps any state of an upload, so any API process resumes what another began.
 * Only PUT, GET, LIST and DELETE of objects are used, which every S3-compatible server has (s3rver
 * has no ListParts nor AbortMultipartUpload, which @tus/s3-store needs, and that store's remove
 * leaves its `.part` object behind). A PATCH's body is spooled to a temporary file first: a body
 * cut mid-way still keeps the bytes that arrived, as the file store does.
 */
export class S3PiecesStore extends DataStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly prefix: string,
  ) {
    super();
    this.extensions = ['creation', 'termination', 'expiration'];
    this.bucket = settings.bucket;
    this.client = s3Client(settings);
  }

  private key(id: string, name: string) {
    return `${this.prefix}${id}/${name}`;
  }

  /** The upload's objects: its info (if any) and its pieces in offset order. */
  private async objects(id: string): Promise<{ info: boolean; pieces: { offset: number; size: number; key: string }[]; all: string[] }> {
    const all: string[] = [];
    const pieces: { offset: number; size: number; key: string }[] = [];
    let info = false;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}${id}/`, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        all.push(object.Key);
        const name = object.Key.slice(`${this.prefix}${id}/`.length);
        if (name === INFO) info = true;
        const piece = PIECE.exec(name);
        if (piece) pieces.push({ offset: Number(piece[1]), size: object.Size ?? 0, key: object.Key });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    pieces.sort((a, b) => a.offset - b.offset);
    return { info, pieces, all };
  }

  /** The pieces that follow each other from byte 0 (a stray one past a gap is never counted). */
  private static contiguous(pieces: { offset: number; size: number; key: string }[]) {
    const run: typeof pieces = [];
    let end = 0;
    for (const piece of pieces) {
      if (piece.offset !== end || piece.size === 0) continue;
      run.push(piece);
      end += piece.size;
    }
    return { run, end };
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date = new Date().toISOString();
    const body = JSON.stringify({ size: upload.size, creation_date: upload.creation_date });
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(upload.id, INFO), Body: body, ContentLength: Buffer.byteLength(body) }));
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    let text: string;
    try {
      const info = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(id, INFO) }));
      text = await info.Body!.transformToString();
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')) throw ERRORS.FILE_NOT_FOUND;
      throw error;
    }
    const { size, creation_date } = JSON.parse(text) as { size: number; creation_date: string };
    const { end } = S3PiecesStore.contiguous((await this.objects(id)).pieces);
    return new Upload({ id, size, offset: Math.min(end, size), creation_date, storage: { type: 's3', path: `${this.prefix}${id}/` } });
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    const folder = await mkdtemp(path.join(tmpdir(), 'tus-piece-'));
    const file = path.join(folder, 'piece');
    let received = 0;
    let failure: unknown;
    try {
      await pipeline(
        source,
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            received += chunk.length;
            done(null, chunk);
          },
        }),
        createWriteStream(file),
      ).catch((error: unknown) => {
        failure = error;
      });
      // What arrived before a cut is kept: the client resumes after it.
      if (received > 0) {
        const { size } = await stat(file);
        await this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: this.key(id, pieceName(offset)), Body: createReadStream(file, { end: size - 1 }), ContentLength: size }),
        );
        received = size;
      }
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    if (failure) throw ERRORS.FILE_WRITE_ERROR;
    return offset + received;
  }

  /** The upload's bytes, its pieces one after the other. */
  async read(id: string): Promise<Readable> {
    const { run } = S3PiecesStore.contiguous((await this.objects(id)).pieces);
    const { client, bucket } = this;
    return Readable.from(
      (async function* () {
        for (const piece of run) {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: piece.key }));
          for await (const chunk of object.Body as Readable) yield chunk as Buffer;
        }
      })(),
    );
  }

  override async remove(id: string): Promise<void> {
    const { all } = await this.objects(id);
    if (all.length === 0) throw ERRORS.FILE_NOT_FOUND;
    for (const key of all) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  close() {
    this.client.destroy();
  }
}
