import { randomBytes } from 'node:crypto';
import { checkAudio } from '../../lib/audio';
import { cardPictureVariants, thumbnailKey } from '../../lib/images';
import type { MediaFiles } from '../media/media.service';
import { userMediaPrefix } from '../users/users.service';

const random = () => randomBytes(12).toString('hex');

/** Stores a card's picture (checked by its bytes, re-encoded, with its thumbnail) under the user's files. */
export const storeCardPicture = async (
  files: MediaFiles,
  userId: number,
  data: Buffer,
  field = 'first_side',
) => {
  const { display, thumbnail } = await cardPictureVariants(field, data);
  const key = `${userMediaPrefix(userId)}/cards/${random()}.webp`;
  await files.put(key, display, 'image/webp');
  await files.put(thumbnailKey(key), thumbnail, 'image/webp');
  return key;
};

/** Stores a card's sound (checked by its bytes) under the user's files. */
export const storeCardAudio = async (files: MediaFiles, userId: number, data: Buffer, field = 'audio') => {
  const { ext, mime } = await checkAudio(field, data);
  const key = `${userMediaPrefix(userId)}/audio/${random()}.${ext}`;
  await files.put(key, data, mime);
  return key;
};
