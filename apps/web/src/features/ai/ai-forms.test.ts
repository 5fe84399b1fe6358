import { AI_PHOTO_MAX_BYTES } from '@flashcards/contract';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import '../../lib/i18n';
import { localized } from '../../lib/use-schema-form';
import './ai-texts';
import {
  defaultAiLanguage,
  photosBody,
  photosDefaults,
  photosForm,
  saveForm,
  topicBody,
  topicDefaults,
  topicForm,
} from './ai-forms';

const errorsOf = (schema: z.ZodType, values: object) =>
  schemaResolver(localized(schema), { sync: true })(values);

const fileOf = (name: string, type: string, size = 100) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the topic form', () => {
  const values = { ...topicDefaults('en'), topic: 'Capitals of Europe' };

  it('takes a topic of 3 to 40 characters', () => {
    expect(errorsOf(topicForm, values)).toEqual({});
    expect(errorsOf(topicForm, { ...values, topic: '  ' })).toEqual({ topic: 'This field is required.' });
    expect(errorsOf(topicForm, { ...values, topic: 'EU' })).toEqual({ topic: 'Use at least 3 characters.' });
    expect(errorsOf(topicForm, { ...values, topic: 'x'.repeat(41) })).toEqual({
      topic: 'Use at most 40 characters.',
    });
  });

  it('asks for 1 to 50 cards before sending', () => {
    for (const cardNumber of [0, 51, 2.5, ''])
      expect(errorsOf(topicForm, { ...values, cardNumber })).toEqual({
        cardNumber: 'Choose from 1 to 50 cards.',
      });
    expect(errorsOf(topicForm, { ...values, cardNumber: 50 })).toEqual({});
  });

  it('takes no age, or an age from 3 to 120', () => {
    expect(errorsOf(topicForm, { ...values, audienceAge: 12 })).toEqual({});
    expect(errorsOf(topicForm, { ...values, audienceAge: 2 })).toEqual({
      audienceAge: 'Enter an age from 3 to 120, or leave it empty.',
    });
  });

  it('sends trimmed values, the language by its English name and no age when none was given', () => {
    expect(
      topicBody({
        ...values,
        topic: ' Rivers ',
        tag: ' geo ',
        language: 'bg',
        audienceAge: '',
        cardNumber: 12,
      }),
    ).toEqual({
      topic: 'Rivers',
      sideOne: '',
      sideTwo: '',
      tag: 'geo',
      level: 'average',
      audienceAge: undefined,
      language: 'Bulgarian',
      cardNumber: 12,
    });
  });

  it('starts in the interface language when pages may be in it', () => {
    expect(defaultAiLanguage('bg')).toBe('bg');
    expect(defaultAiLanguage('pt')).toBe('en');
    expect(defaultAiLanguage(undefined)).toBe('en');
  });
});

describe('the photos form', () => {
  const jpeg = fileOf('page.jpg', 'image/jpeg');
  const values = { ...photosDefaults('bg'), photos: [jpeg] };

  it('needs one to three photos', () => {
    expect(errorsOf(photosForm, values)).toEqual({});
    expect(errorsOf(photosForm, { ...values, photos: [] })).toEqual({ photos: 'Add at least one photo.' });
    expect(errorsOf(photosForm, { ...values, photos: [jpeg, jpeg, jpeg, jpeg] })).toEqual({
      photos: 'Add at most 3 photos.',
    });
  });

  it('names a file that is not a photo, or too large', () => {
    expect(
      errorsOf(photosForm, { ...values, photos: [jpeg, fileOf('notes.pdf', 'application/pdf')] }),
    ).toEqual({
      photos: '“notes.pdf” is not a photo we can read: use JPEG, PNG, WebP or HEIC.',
    });
    expect(
      errorsOf(photosForm, { ...values, photos: [fileOf('big.heic', 'image/heic', AI_PHOTO_MAX_BYTES + 1)] }),
    ).toEqual({ photos: '“big.heic” is too large: at most 10 MB.' });
  });

  it('asks for 1 to 50 cards', () => {
    expect(errorsOf(photosForm, { ...values, card_quantity: 60 })).toEqual({
      card_quantity: 'Choose from 1 to 50 cards.',
    });
  });

  it('sends the photos as the first, second and third image', () => {
    const second = fileOf('page2.png', 'image/png');
    expect(photosBody({ ...values, photos: [jpeg, second], tag: ' ch. 3 ', card_quantity: 8 })).toEqual({
      first_image: jpeg,
      second_image: second,
      third_image: undefined,
      card_quantity: 8,
      language: 'bg',
      tag: 'ch. 3',
    });
  });
});

describe('the name the cards are saved under', () => {
  it('is the preview’s topic: required, 3 to 40 characters', () => {
    expect(errorsOf(saveForm, { name: 'Rivers' })).toEqual({});
    expect(errorsOf(saveForm, { name: ' ' })).toEqual({ name: 'This field is required.' });
    expect(errorsOf(saveForm, { name: 'ab' })).toEqual({ name: 'Use at least 3 characters.' });
    expect(errorsOf(saveForm, { name: 'x'.repeat(41) })).toEqual({ name: 'Use at most 40 characters.' });
  });
});
