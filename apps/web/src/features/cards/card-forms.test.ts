import { AUDIO_MAX_BYTES, PICTURE_MAX_BYTES } from '@flashcards/contract';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import '../../lib/i18n';
import { localized } from '../../lib/use-schema-form';
import { cardFileForm, cardFileFormFor, kidsCardForm, pictureCardForm, textCardForm } from './card-forms';

const errorsOf = (schema: z.ZodType, values: object) =>
  schemaResolver(localized(schema), { sync: true })(values);

const fileOf = (name: string, type: string, size = 100) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const png = fileOf('red.png', 'image/png');

describe('card forms', () => {
  it('checks the sides and the tag with the contract’s bounds', () => {
    expect(errorsOf(textCardForm, { first_side: '  ', second_side: 'x'.repeat(1001), tag: '' })).toEqual({
      first_side: 'This field is required.',
      second_side: 'Use at most 1000 characters.',
    });
  });

  it('needs a picture of a known type and size for a new picture card, not for an edited one', () => {
    const values = { first_side: null, second_side: 'A red square', tag: '' };
    expect(errorsOf(pictureCardForm(false), values)).toEqual({ first_side: 'Choose a picture.' });
    expect(errorsOf(pictureCardForm(true), values)).toEqual({});
    expect(
      errorsOf(pictureCardForm(false), { ...values, first_side: fileOf('a.txt', 'text/plain') }),
    ).toEqual({
      first_side: 'Choose a picture: JPEG, PNG, WebP, GIF, AVIF or HEIC.',
    });
    const large = fileOf('a.png', 'image/png', PICTURE_MAX_BYTES + 1);
    expect(errorsOf(pictureCardForm(true), { ...values, first_side: large })).toEqual({
      first_side: 'The picture is too large: at most 8 MB.',
    });
  });

  it('checks only the sound of the chosen way of a kids card', () => {
    const large = fileOf('a.mp3', 'audio/mpeg', AUDIO_MAX_BYTES + 1);
    const values = {
      first_side: png,
      second_side: 'котка',
      language: 'bg',
      source: 'record',
      audioFile: large,
      recording: null,
    };
    expect(errorsOf(kidsCardForm(false), values)).toEqual({});
    expect(errorsOf(kidsCardForm(false), { ...values, source: 'upload', language: '' })).toEqual({
      language: 'This field is required.',
      audioFile: 'The sound file is too large: at most 10 MB.',
    });
  });

  it('needs a card file', () => {
    expect(errorsOf(cardFileForm, { file: null })).toEqual({ file: 'Choose a file.' });
    expect(errorsOf(cardFileForm, { file: fileOf('cards.docx', '') })).toEqual({
      file: 'Choose a .txt, .csv, .tsv, .apkg or .colpkg file.',
    });
  });

  it('takes an Anki package up to its own size, and only that in a picture or kids category', () => {
    expect(errorsOf(cardFileForm, { file: fileOf('deck.apkg', '', 150 * 1024 * 1024) })).toEqual({});
    expect(errorsOf(cardFileForm, { file: fileOf('Collection.colpkg', '', 5 * 1024 * 1024) })).toEqual({});
    expect(errorsOf(cardFileForm, { file: fileOf('deck.apkg', '', 201 * 1024 * 1024) })).toEqual({
      file: 'The file is too large: at most 200 MB.',
    });
    expect(errorsOf(cardFileForm, { file: fileOf('cards.txt', '', 5 * 1024 * 1024) })).toEqual({
      file: 'The file is too large: at most 3 MB.',
    });
    const pictures = cardFileFormFor('picture');
    expect(errorsOf(pictures, { file: fileOf('cards.csv', 'text/csv') })).toEqual({
      file: 'Choose an Anki package (.apkg or .colpkg).',
    });
    expect(errorsOf(pictures, { file: fileOf('deck.apkg', '') })).toEqual({});
    const kids = cardFileFormFor('kids');
    expect(errorsOf(kids, { file: fileOf('words.txt', 'text/plain'), language: '' })).toEqual({
      file: 'Choose an Anki package (.apkg or .colpkg).',
      language: 'This field is required.',
    });
    expect(errorsOf(kids, { file: fileOf('Tiere.colpkg', ''), language: 'de' })).toEqual({});
  });
});
