import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

/** Where uploaded media live; keys are relative paths such as `u/12/avatar-<random>.webp`. */
export interface MediaStorage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** Stores the file at a local path, streamed (a large upload is never held in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Copies the object to a local path, streamed. */
  getFile(key: string, file: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The object's bytes, for the server's own use of a stored file. */
  get(key: string): Promise<Uint8Array>;
  /** Removes every object under a prefix, e.g. all files of a deleted user. */
  deletePrefix(prefix: string): Promise<void>;
  /** The root-relative URL that serves the object. */
  url(key: string): string;
  /** The object's bytes as a stream, or undefined when there is none; absent where files are served from disk. */
  read?(key: string): Promise<{ body: Readable; contentType?: string; length?: number } | undefined>;
  close?(): void;
}

const safeKey = (key: string) => {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..'))
    throw new Error(`Unsafe media key: ${key}`);
  return key;
};

export const createLocalStorage = (root: string): MediaStorage => ({
  async put(key, data) {
    const file = path.join(root, safeKey(key));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
  },
  async putFile(key, from) {
    const file = path.join(root, safeKey(key));
    await mkdir(path.dirname(file), { recursive: true });
    await copyFile(from, file);
  },
  async getFile(key, to) {
    await copyFile(path.join(root, safeKey(key)), to);
  },
  async delete(key) {
    await rm(path.join(root, safeKey(key)), { force: true });
  },
  get: (key) => readFile(path.join(root, safeKey(key))),
  async deletePrefix(prefix) {
    await rm(path.join(root, safeKey(prefix)), { recursive: true, force: true });
  },
  url: (key) => `/media/${key}`,
});

export type S3Settings = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export type S3Storage = Required<MediaStorage>;

/** Any S3-compatible store (AWS, MinIO, Ceph, R2...); objects are still served at /media/ by the server. */
export const createS3Storage = (settings: S3Settings): S3Storage => {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  return {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: safeKey(key), Body: data, ContentType: contentType }),
      );
    },
    async putFile(key, file, contentType) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: safeKey(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async getFile(key, file) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: safeKey(key) }));
      if (!object.Body) throw new Error(`No body for ${key}`);
      await pipeline(object.Body as Readable, createWriteStream(file));
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: safeKey(key) }));
    },
    async get(key) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: safeKey(key) }));
      if (!object.Body) throw new Error(`No body for ${key}`);
      return object.Body.transformToByteArray();
    },
    async deletePrefix(prefix) {
      const Prefix = `${safeKey(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
        if (keys.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys } }));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: safeKey(key) }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType,
          length: object.ContentLength,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    url: (key) => `/media/${key}`,
    close: () => client.destroy(),
  };
};
