import {
  ANKI_PACKAGE_MAX_BYTES,
  AUDIO_MAX_BYTES,
  CARD_FILE_MAX_BYTES,
  type CardType,
  PICTURE_MAX_BYTES,
  SPEECH_LANGUAGES,
} from '@flashcards/contract';
import { extensionOf, isImageFile } from '../../lib/image-files';
import { languageName } from '../../lib/language-name';

export { IMAGE_ACCEPT } from '../../lib/image-files';
export { languageName };

const AUDIO_EXTENSIONS = ['mp3', 'ogg', 'oga', 'opus', 'wav', 'm4a', 'aac', 'webm', 'mp4'];
const TEXT_FILE_EXTENSIONS = ['txt', 'csv', 'tsv'];
const ANKI_EXTENSIONS = ['apkg', 'colpkg'];

/** The file types the inputs offer. */
export const AUDIO_ACCEPT = 'audio/*,.webm,.m4a';
export const CARD_FILE_ACCEPT = '.txt,.csv,.tsv,.apkg,.colpkg,text/plain,text/csv,text/tab-separated-values';
/** Picture and kids categories take Anki packages only (a text file has no pictures). */
export const ANKI_FILE_ACCEPT = '.apkg,.colpkg';

/** The kids cards' languages: the spec's image languages, which are also the voices' (the contract's list). */
export const KIDS_LANGUAGES = SPEECH_LANGUAGES;

/** A kids card's language: the one preferred when it is a kids language, else English. */
export const kidsLanguage = (preferred: string): string =>
  (KIDS_LANGUAGES as readonly string[]).includes(preferred) ? preferred : 'en';

/** The choices of a kids card's language, named in the interface language. */
export const kidsLanguageOptions = (interfaceLanguage: string) =>
  KIDS_LANGUAGES.map((code) => ({ value: code, label: languageName(code, interfaceLanguage) }));

export type FileProblem =
  | 'imageType'
  | 'imageSize'
  | 'audioType'
  | 'audioSize'
  | 'cardFileType'
  | 'cardFileTypePackage'
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

/** An Anki package by its name (.apkg, .colpkg): imported in the background, where a text file is uploaded. */
export const isAnkiPackage = (file: { name: string }) => ANKI_EXTENSIONS.includes(extensionOf(file.name));

/** The largest card file of this name the server takes: an Anki package may carry pictures and sounds. */
export const cardFileMaxBytes = (file: File) =>
  isAnkiPackage(file) ? ANKI_PACKAGE_MAX_BYTES : CARD_FILE_MAX_BYTES;

/**
 * A card file: .txt, .csv, .tsv, .apkg or .colpkg for a text category, an Anki package (.apkg, .colpkg)
 * for a picture or kids category; not empty, not too large.
 */
export function checkCardFile(file: File, kind: CardType = 'text'): FileProblem | null {
  if (kind !== 'text' && !isAnkiPackage(file)) return 'cardFileTypePackage';
  if (!isAnkiPackage(file) && !TEXT_FILE_EXTENSIONS.includes(extensionOf(file.name))) return 'cardFileType';
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
