import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

export type UploadedFile = { filename: string; mimetype: string; data: Buffer };

/** A file field of a multipart body; the bytes are checked by the service, never the name or type. */
export const uploadedFile = z.custom<UploadedFile>(
  (value) => typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data),
);

/** The largest single upload accepted at all; features apply their own smaller caps. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * multipart/form-data bodies arrive as plain objects: fields as strings, files as UploadedFile, so the
 * same Zod schemas validate them as JSON bodies.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 60, parts: 70, fieldSize: 100_000 },
      onFile: async (part: MultipartFile & { value?: unknown }) => {
        const data = await part.toBuffer();
        part.value = { filename: part.filename, mimetype: part.mimetype, data } satisfies UploadedFile;
      },
    });
  },
  { name: 'multipart' },
);
