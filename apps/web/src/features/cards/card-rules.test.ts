import {
  ANKI_PACKAGE_MAX_BYTES,
  AUDIO_MAX_BYTES,
  CARD_FILE_MAX_BYTES,
  PICTURE_MAX_BYTES,
} from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import {
  checkAudio,
  checkCardFile,
  checkImage,
  isAnkiPackage,
  kidsLanguage,
  languageName,
  shorten,
  tagsFromParam,
  tagsToParam,
} from './card-rules';

const fileOf = (name: string, type: string, size: number) => {
  const file = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('card rules', () => {
  it('takes pictures of the server’s types up to the cap', () => {
    expect(checkImage(fileOf('a.png', 'image/png', 1000))).toBeNull();
    expect(checkImage(fileOf('a.heic', '', 1000))).toBeNull();
    expect(checkImage(fileOf('a.svg', 'image/svg+xml', 1000))).toBe('imageType');
    expect(checkImage(fileOf('a.txt', 'text/plain', 10))).toBe('imageType');
    expect(checkImage(fileOf('a.jpg', 'image/jpeg', PICTURE_MAX_BYTES))).toBeNull();
    expect(checkImage(fileOf('a.jpg', 'image/jpeg', PICTURE_MAX_BYTES + 1))).toBe('imageSize');
  });

  it('takes sounds and browser recordings up to the cap', () => {
    expect(checkAudio(fileOf('a.mp3', 'audio/mpeg', 1000))).toBeNull();
    expect(checkAudio(new Blob(['x'], { type: 'audio/webm;codecs=opus' }))).toBeNull();
    expect(checkAudio(fileOf('a.webm', 'video/webm', 1000))).toBeNull();
    expect(checkAudio(fileOf('a.m4a', '', 1000))).toBeNull();
    expect(checkAudio(fileOf('a.png', 'image/png', 1000))).toBe('audioType');
    expect(checkAudio(fileOf('a.wav', 'audio/wav', AUDIO_MAX_BYTES + 1))).toBe('audioSize');
  });

  it('takes card files by their extension, not empty and up to the cap', () => {
    expect(checkCardFile(fileOf('cards.txt', 'text/plain', 100))).toBeNull();
    expect(checkCardFile(fileOf('Quizlet.TSV', '', 100))).toBeNull();
    expect(checkCardFile(fileOf('cards.csv', 'text/csv', 100))).toBeNull();
    expect(checkCardFile(fileOf('cards.docx', '', 100))).toBe('cardFileType');
    expect(checkCardFile(fileOf('cards.txt', 'text/plain', 0))).toBe('cardFileEmpty');
    expect(checkCardFile(fileOf('cards.txt', 'text/plain', CARD_FILE_MAX_BYTES + 1))).toBe('cardFileSize');
  });

  it('takes Anki packages (.apkg, .colpkg) up to their own cap, the only card files of picture and kids categories', () => {
    expect(isAnkiPackage({ name: 'Deck.APKG' })).toBe(true);
    expect(isAnkiPackage({ name: 'collection.colpkg' })).toBe(true);
    expect(isAnkiPackage({ name: 'cards.csv' })).toBe(false);
    expect(checkCardFile(fileOf('deck.colpkg', '', ANKI_PACKAGE_MAX_BYTES))).toBeNull();
    expect(checkCardFile(fileOf('deck.apkg', '', ANKI_PACKAGE_MAX_BYTES + 1))).toBe('cardFileSize');
    for (const kind of ['picture', 'kids'] as const) {
      expect(checkCardFile(fileOf('deck.apkg', '', 100), kind)).toBeNull();
      expect(checkCardFile(fileOf('cards.txt', 'text/plain', 100), kind)).toBe('cardFileTypePackage');
    }
  });

  it('gives kids cards a kids language, else English', () => {
    expect(kidsLanguage('de')).toBe('de');
    expect(kidsLanguage('ja')).toBe('en');
  });

  it('reads and writes tags as a comma list', () => {
    expect(tagsFromParam(null)).toEqual([]);
    expect(tagsFromParam('a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(tagsToParam(['a', 'b'])).toBe('a,b');
  });

  it('names languages in the interface language', () => {
    expect(languageName('de', 'en')).toBe('German');
    expect(languageName('en', 'bg')).toBe('Английски');
    expect(languageName('', 'en')).toBe('');
  });

  it('shortens long texts for accessible names', () => {
    expect(shorten('short')).toBe('short');
    expect(shorten('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
