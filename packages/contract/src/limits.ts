/**
 * Bounds of cards and uploads, named once: the server refuses what exceeds them and the web app checks
 * the same numbers before sending.
 */

const MEGABYTE = 1024 * 1024;

/** Characters of one side of a card (text cards, the text of picture cards, the word of kids cards). */
export const CARD_SIDE_MAX_LENGTH = 1000;
/** Characters of a card's tag. */
export const CARD_TAG_MAX_LENGTH = 100;
/** Characters of a category's name and description. */
export const CATEGORY_NAME_MAX_LENGTH = 100;
export const CATEGORY_DESCRIPTION_MAX_LENGTH = 2000;

/** Cards (lines) of one uploaded card file (spec: at most 1000). */
export const CARD_FILE_MAX_LINES = 1000;
/** 1000 cards of two full sides and a tag stay well below this. */
export const CARD_FILE_MAX_BYTES = 3 * MEGABYTE;
/** An Anki package (.apkg, .colpkg) may carry pictures and sounds: the whole upload's limit. */
export const ANKI_PACKAGE_MAX_BYTES = 200 * MEGABYTE;
/** Notes of one imported Anki package (shared decks run to thousands). */
export const ANKI_PACKAGE_MAX_NOTES = 50_000;

/** Cards one practice round may ask for. */
export const PRACTICE_MAX_CARDS = 1000;

/** Uploaded files, before the server re-encodes them. */
export const PICTURE_MAX_BYTES = 8 * MEGABYTE;
export const AUDIO_MAX_BYTES = 10 * MEGABYTE;
export const AVATAR_MAX_BYTES = 5 * MEGABYTE;

/** A byte cap as the whole megabytes messages name ("at most 8 MB"). */
export const megabytes = (bytes: number): number => Math.round(bytes / MEGABYTE);
