// Where the bytes of uploaded files rest, by name (their content hash): a folder (the development default,
// or a folder every process mounts), or an S3-compatible bucket, which api processes on different machines
// share. The document store streams, hashes and checks an upload into a local file first; a backend only
// keeps, reads and removes finished files.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorageConfig } from '../core/config.js';

export interface FileBackend {
  /** Where a finished upload is written before `keep`: on the same disk as the folder, or a temp folder. */
  readonly stagingDir: string;
  /** Takes a finished local file in under `name` (the local file is gone afterwards). */
  keep(localPath: string, name: string, contentType: string): Promise<void>;
  read(name: string): Promise<Readable>;
  remove(name: string): Promise<void>;
}

/** Two levels by the name's first two characters: no folder holds every file. */
const shardedName = (name: string) => `${name.slice(0, 2)}/${name}`;

export class FolderBackend implements FileBackend {
  constructor(readonly dir: string) {}
  get stagingDir() {
    return this.dir;
  }
  async keep(localPath: string, name: string): Promise<void> {
    await mkdir(join(this.dir, name.slice(0, 2)), { recursive: true });
    await rename(localPath, join(this.dir, shardedName(name)));
  }
  async read(name: string): Promise<Readable> {
    return createReadStream(join(this.dir, shardedName(name)));
  }
  async remove(name: string): Promise<void> {
    await rm(join(this.dir, shardedName(name)), { force: true });
  }
}

type S3Config = Extract<FileStorageConfig, { kind: 's3' }>;

/** An S3-compatible bucket through AWS's maintained client (loaded only where a bucket is configured). */
export class S3Backend implements FileBackend {
  readonly stagingDir = join(tmpdir(), 'haven-upload-staging');
  private client: Promise<typeof import('@aws-sdk/client-s3') & { s3: import('@aws-sdk/client-s3').S3Client }> | null = null;
  constructor(private readonly config: S3Config) {}

  private sdk() {
    this.client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      ...sdk,
      // Credentials from the SDK's usual chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile or the machine's role.
      s3: new sdk.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint,
        forcePathStyle: this.config.forcePathStyle,
        // Checksums only where the operation requires them: by default a streamed body is sent aws-chunked
        // with a checksum trailer, which many S3-compatible services store as is (framing and all). The
        // content's own SHA-256 is its name.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    }));
    return this.client;
  }
  private key(name: string) {
    return `${this.config.prefix}${shardedName(name)}`;
  }
  async keep(localPath: string, name: string, contentType: string): Promise<void> {
    const { s3, PutObjectCommand } = await this.sdk();
    try {
      const { size } = await stat(localPath);
      await s3.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(name),
          Body: createReadStream(localPath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      await rm(localPath, { force: true });
    }
  }
  async read(name: string): Promise<Readable> {
    const { s3, GetObjectCommand } = await this.sdk();
    const { Body } = await s3.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(name) }));
    if (!Body) throw new Error(`the bucket answered no body for ${this.key(name)}`);
    return Body as Readable; // in Node the SDK's body is an IncomingMessage, a Readable
  }
  async remove(name: string): Promise<void> {
    const { s3, DeleteObjectCommand } = await this.sdk();
    await s3.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(name) }));
  }
}

export function fileBackend(config: FileStorageConfig): FileBackend {
  return config.kind === 's3' ? new S3Backend(config) : new FolderBackend(config.dir);
}
