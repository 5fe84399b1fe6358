import { AUDIO_MAX_BYTES } from '@flashcards/contract';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError, invalid } from './api-error';

/** What browsers record (WebM/Ogg Opus, MP4/AAC) and the common audio files. */
const AUDIO_TYPES = new Set([
  'audio/mpeg',
  'audio/wav',
  'audio/vnd.wave',
  'audio/x-wav',
  'audio/ogg',
  'audio/opus',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/webm',
  'video/webm',
]);
const MAX_AUDIO_BYTES = AUDIO_MAX_BYTES;

/** Checks a sound upload by its bytes and size; returns the extension to store it under. */
export const checkAudio = async (field: string, data: Buffer): Promise<{ ext: string; mime: string }> => {
  if (data.length > MAX_AUDIO_BYTES) {
    throw new ApiError(413, 'payload_too_large', undefined, {
      [field]: [{ key: 'audio_too_large', values: { max: MAX_AUDIO_BYTES / 1024 / 1024 } }],
    });
  }
  const type = await fileTypeFromBuffer(data);
  if (!type || !AUDIO_TYPES.has(type.mime)) throw invalid({ [field]: 'invalid_audio' });
  return { ext: type.ext, mime: type.mime };
};
