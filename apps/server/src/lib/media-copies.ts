import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { thumbnailKey } from './images';
import type { MediaStorage } from './storage';

const random = () => randomBytes(12).toString('hex');

const contentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.webm': 'audio/webm',
  '.flac': 'audio/flac',
  '.aac': 'audio/aac',
};

/**
 * Copies of stored media for a copy of cards (an adoption, an accepted offer, a catalog version): each
 * file is copied under a new key before the rows are written, and removed again when the writes fail.
 */
export const createMediaCopies = (storage: MediaStorage, log: FastifyBaseLogger) => {
  const dropFiles = async (keys: (string | null | undefined)[]) => {
    await Promise.all(
      [...new Set(keys)]
        .filter((key): key is string => Boolean(key))
        .map((key) =>
          storage
            .delete(key)
            .catch((error) => log.warn({ err: error, key }, 'could not delete a media file')),
        ),
    );
  };

  return {
    dropFiles,

    /**
     * Copies stored files under new keys of `prefix`, recording each new key in `made` (so the caller can
     * remove them again); a picture's thumbnail goes with it when there is one.
     */
    copier: (made: string[]) => async (from: string, prefix: string, picture: boolean) => {
      const ext = path.extname(from) || '.bin';
      const to = `${prefix}/${random()}${ext}`;
      const data = await storage.get(from);
      await storage.put(to, data, contentTypes[ext] ?? 'application/octet-stream');
      made.push(to);
      if (picture && thumbnailKey(from) !== from) {
        const thumbnail = await storage.get(thumbnailKey(from)).catch(() => undefined);
        if (thumbnail) {
          await storage.put(thumbnailKey(to), thumbnail, 'image/webp');
          made.push(thumbnailKey(to));
        }
      }
      return to;
    },

    /** Runs the writes; the files copied for them are removed again when they fail. */
    async withCopies<T>(made: string[], write: () => Promise<T>) {
      try {
        return await write();
      } catch (error) {
        await dropFiles(made);
        throw error;
      }
    },
  };
};

export type MediaCopies = ReturnType<typeof createMediaCopies>;
