import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FilePart, StagedFile } from '@flashcards/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, payloadTooLarge, throttled } from '../lib/api-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's files are staged on disk, each up to this many bytes (the contract's `largeUpload`). */
    largeUpload?: number;
  }
}

/** The temporary files of a request's staged parts, removed once its answer is ready. */
const stagedFiles = new WeakMap<FastifyRequest, string[]>();
/**
 * The accounts sending a large upload to this process now, and the request each is sending: one at a time
 * an account, so that parallel requests cannot fill the disk (each may be hundreds of megabytes).
 */
const largeUploads = new Map<number, FastifyRequest>();

/** Writes a file part to a temporary file as it arrives; a part over the limit leaves no file behind. */
const stage = async (request: FastifyRequest, stream: NodeJS.ReadableStream) => {
  const file = path.join(tmpdir(), `flashcards-upload-${randomUUID()}`);
  stagedFiles.set(request, [...(stagedFiles.get(request) ?? []), file]);
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    size += chunk.length;
  });
  await pipeline(stream, createWriteStream(file, { mode: 0o600 }));
  return { file, size };
};

/** The largest single upload accepted at all; features apply their own smaller caps. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * multipart/form-data bodies arrive as plain objects: fields as strings (a repeated field as a list),
 * files as the contract's FilePart, so the same Zod schemas validate them as JSON bodies. A body over
 * a limit answers 413; one that cannot be read (no or a wrong boundary, cut short) answers 400.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 60, parts: 70, fieldSize: 100_000 },
    });
    const { RequestFileTooLargeError, FilesLimitError, FieldsLimitError, PartsLimitError } =
      app.multipartErrors;
    const overLimit = [RequestFileTooLargeError, FilesLimitError, FieldsLimitError, PartsLimitError];

    // Once the answer is ready (before it is sent), or when the client went away without one.
    const removeStaged = async (request: FastifyRequest) => {
      if (request.actorId !== null && largeUploads.get(request.actorId) === request)
        largeUploads.delete(request.actorId);
      const files = stagedFiles.get(request);
      stagedFiles.delete(request);
      if (files) await Promise.all(files.map((file) => rm(file, { force: true })));
    };
    app.addHook('onSend', async (request) => removeStaged(request));
    app.addHook('onRequestAbort', async (request) => removeStaged(request));

    app.addHook('preValidation', async (request) => {
      if (!request.isMultipart()) return;
      const large = request.routeOptions.config.largeUpload;
      if (large && request.actorId !== null) {
        if (largeUploads.has(request.actorId)) throw throttled('upload_running');
        largeUploads.set(request.actorId, request);
      }
      const fields = new Map<string, unknown>();
      const add = (name: string, value: unknown) => {
        const earlier = fields.get(name);
        fields.set(name, earlier === undefined ? value : [earlier, value].flat());
      };
      try {
        for await (const part of request.parts(large ? { limits: { fileSize: large } } : {})) {
          if (part.type === 'file' && large) {
            const { file, size } = await stage(request, part.file);
            if (part.file.truncated) throw payloadTooLarge();
            add(part.fieldname, {
              filename: part.filename,
              mimetype: part.mimetype,
              path: file,
              size,
            } satisfies StagedFile);
          } else if (part.type === 'file') {
            const data = await part.toBuffer();
            add(part.fieldname, {
              filename: part.filename,
              mimetype: part.mimetype,
              data,
            } satisfies FilePart);
          } else {
            add(part.fieldname, part.value);
          }
        }
      } catch (error) {
        if (overLimit.some((type) => error instanceof type)) throw payloadTooLarge();
        if (error instanceof ApiError) throw error;
        throw new ApiError(400, 'parse_error', { key: 'multipart_parse_error' });
      }
      // fromEntries makes "__proto__" an own field, never the prototype.
      request.body = Object.fromEntries(fields);
    });
  },
  { name: 'multipart' },
);

/** The bytes of a file part as a Buffer (a view, not a copy): multipart hands the server Buffers. */
export const bytesOf = (file: FilePart) =>
  Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
