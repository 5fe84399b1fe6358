import { cardPlainText } from '@flashcards/contract';
import type { TFunction } from 'i18next';

/** A choice's letter in the interface language (A–D, А–Г), by its index. */
export const choiceLetter = (t: TFunction<'live'>, index: number): string =>
  [...t('choice.letters')][index] ?? String(index + 1);

/** A choice as it is read out: its letter and its plain text ("A: Sofia"). */
export const choiceName = (t: TFunction<'live'>, index: number, text: string): string =>
  t('choice.name', { letter: choiceLetter(t, index), text: cardPlainText(text) });
