import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FilePart } from '@flashcards/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The largest single upload accepted at all; features apply their own smaller caps. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * multipart/form-data bodies arrive as plain objects: fields as strings, files as the contract's FilePart,
 * so the same Zod schemas validate them as JSON bodies.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 60, parts: 70, fieldSize: 100_000 },
      onFile: async (part: MultipartFile & { value?: unknown }) => {
        const data = await part.toBuffer();
        part.value = { filename: part.filename, mimetype: part.mimetype, data } satisfies FilePart;
      },
    });
  },
  { name: 'multipart' },
);

/** The bytes of a file part as a Buffer (a view, not a copy): multipart hands the server Buffers. */
export const bytesOf = (file: FilePart) =>
  Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
