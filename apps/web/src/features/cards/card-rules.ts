import {
  ANKI_PACKAGE_MAX_BYTES,
  AUDIO_MAX_BYTES,
  CARD_FILE_MAX_BYTES,
  PICTURE_MAX_BYTES,
} from '@flashcards/contract';
import { extensionOf, isImageFile } from '../../lib/image-files';

export { IMAGE_ACCEPT } from '../../lib/image-files';
export { languageName } from '../../lib/language-name';

const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'oga', 'opus', 'wav', 'm4a', 'aac', 'webm', 'mp4'];
const CARD_FILE_EXTENSIONS = ['txt', 'csv', 'tsv', 'apkg'];

/** The file types the inputs offer. */
export const AUDIO_ACCEPT = 'audio/*,.webm,.m4a';
export const CARD_FILE_ACCEPT = '.txt,.csv,.tsv,.apkg,text/plain,text/csv,text/tab-separated-values';
/** Picture categories take Anki packages only (a text file has no pictures). */
export const ANKI_FILE_ACCEPT = '.apkg';

/** The kids cards' languages: the spec's image languages. */
export const KIDS_LANGUAGES = ['en', 'bg', 'it', 'de', 'fr', 'es', 'uk', 'ru'] as const;

export type FileProblem =
  | 'imageType'
  | 'imageSize'
  | 'audioType'
  | 'audioSize'
  | 'cardFileType'
  | 'cardFileTypePicture'
  | 'cardFileSize'
  | 'cardFileEmpty';

/** A picture the server will take: a known image type (or, when the browser names none, extension), not too large. */
export function checkImage(file: Blob & { name?: string }): FileProblem | null {
  if (!isImageFile(file)) return 'imageType';
  return file.size > PICTURE_MAX_BYTES ? 'imageSize' : null;
}

/** A sound not too large: any audio type, WebM recordings included. */
export function checkAudio(file: Blob & { name?: string }): FileProblem | null {
  const type = file.type.split(';')[0] ?? '';
  const known = type
    ? type.startsWith('audio/') || type === 'video/webm'
    : AUDIO_EXTENSIONS.includes(extensionOf(file.name ?? ''));
  if (!known) return 'audioType';
  return file.size > AUDIO_MAX_BYTES ? 'audioSize' : null;
}

/** The largest card file of this name the server takes: an Anki package may carry pictures. */
export const cardFileMaxBytes = (file: File) =>
  extensionOf(file.name) === 'apkg' ? ANKI_PACKAGE_MAX_BYTES : CARD_FILE_MAX_BYTES;

/**
 * A card file: .txt, .csv, .tsv or .apkg for a text category, .apkg for a picture category; not empty,
 * not too large.
 */
export function checkCardFile(file: File, kind: 'text' | 'picture' = 'text'): FileProblem | null {
  const extension = extensionOf(file.name);
  if (kind === 'picture' && extension !== 'apkg') return 'cardFileTypePicture';
  if (!CARD_FILE_EXTENSIONS.includes(extension)) return 'cardFileType';
  if (file.size === 0) return 'cardFileEmpty';
  return file.size > cardFileMaxBytes(file) ? 'cardFileSize' : null;
}

/** Tags in the address: a comma list, as the server takes them. */
export const tagsFromParam = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

export const tagsToParam = (tags: string[]): string => tags.join(',');

/** A short form of a long text, for accessible names. */
export const shorten = (text: string, max = 40): string =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
