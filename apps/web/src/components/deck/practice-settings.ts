import { PRACTICE_MAX_CARDS } from '@flashcards/contract';

export const learningTypes = ['verbal', 'typing'] as const;
export const learningModes = ['standard', 'gaming'] as const;
export type LearningType = (typeof learningTypes)[number];
export type LearningMode = (typeof learningModes)[number];

/** What the filter and learning mode modals choose; it lives in the address, so a reload keeps it. */
export type PracticeSettings = {
  tags: string[];
  /** At most this many cards; null for all. */
  quantity: number | null;
  type: LearningType;
  mode: LearningMode;
};

/** The server's bound of `quantity`. */
export const MAX_QUANTITY = PRACTICE_MAX_CARDS;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

const tagsOf = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

const quantityOf = (value: string | null) => {
  const quantity = Number(value);
  return value && Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : null;
};

/** What the address says, with the defaults where it says nothing usable (to fill the modals). */
export function draftFromParams(params: URLSearchParams): PracticeSettings {
  return {
    tags: tagsOf(params.get('tags')),
    quantity: quantityOf(params.get('quantity')),
    type: oneOf(learningTypes, params.get('type')) ?? 'verbal',
    mode: oneOf(learningModes, params.get('mode')) ?? 'standard',
  };
}

/** The settings of a session, or null while the learning type or mode is not chosen yet. */
export function settingsFromParams(params: URLSearchParams): PracticeSettings | null {
  if (!oneOf(learningTypes, params.get('type')) || !oneOf(learningModes, params.get('mode'))) return null;
  return draftFromParams(params);
}

export function settingsToParams(settings: PracticeSettings): URLSearchParams {
  const params = new URLSearchParams();
  if (settings.tags.length > 0) params.set('tags', settings.tags.join(','));
  if (settings.quantity !== null) params.set('quantity', String(settings.quantity));
  params.set('type', settings.type);
  params.set('mode', settings.mode);
  return params;
}
