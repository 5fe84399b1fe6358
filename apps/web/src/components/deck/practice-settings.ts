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
  /** Typing: é matches e and й matches и. */
  ignoreAccents: boolean;
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
    ignoreAccents: params.get('accents') === 'ignore',
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
  if (settings.type === 'typing' && settings.ignoreAccents) params.set('accents', 'ignore');
  return params;
}

/** Where the learning type, mode and accents of the last session are kept, for "Study" to start with. */
const LAST_KEY = 'practice-last';

/** Keeps the learning type, mode and accents of a session started (tags and quantity are the category's). */
export function rememberSettings({ type, mode, ignoreAccents }: PracticeSettings) {
  try {
    localStorage.setItem(LAST_KEY, JSON.stringify({ type, mode, ignoreAccents }));
  } catch {
    // Storage refused (a private window): "Study" starts with the defaults.
  }
}

/** The settings "Study" starts with: the last session's type, mode and accents, else verbal and standard. */
export function lastSettings(): PracticeSettings {
  let kept: Partial<Record<'type' | 'mode', string> & { ignoreAccents: unknown }> = {};
  try {
    kept = JSON.parse(localStorage.getItem(LAST_KEY) ?? '{}') ?? {};
  } catch {
    kept = {};
  }
  const type = oneOf(learningTypes, kept.type ?? null) ?? 'verbal';
  return {
    tags: [],
    quantity: null,
    type,
    mode: oneOf(learningModes, kept.mode ?? null) ?? 'standard',
    ignoreAccents: type === 'typing' && kept.ignoreAccents === true,
  };
}

/** A category's practice page that starts a session at once, as the last one was set ("Study"). */
export const studyAddress = (practicePath: string) => `${practicePath}?${settingsToParams(lastSettings())}`;
