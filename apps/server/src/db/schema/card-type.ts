import { pgEnum } from 'drizzle-orm/pg-core';

/** Its own file: the categories and the catalog's versions both use it, and import each other. */
export const cardTypeEnum = pgEnum('card_type', ['text', 'picture', 'kids']);

/** The kind of a category and of its cards. */
export type CardKind = (typeof cardTypeEnum.enumValues)[number];
