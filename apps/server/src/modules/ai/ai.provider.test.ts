import { CARD_SIDE_MAX_LENGTH, CARD_TAG_MAX_LENGTH } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';
import { cardsJsonSchema } from './ai.provider';

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: Schema;
};

/** Every object schema within, with its path. */
const objectsOf = (schema: Schema, path = '#'): [string, Schema][] => [
  ...(schema.type === 'object' ? [[path, schema] as [string, Schema]] : []),
  ...Object.entries(schema.properties ?? {}).flatMap(([name, inner]) => objectsOf(inner, `${path}/${name}`)),
  ...(schema.items ? objectsOf(schema.items, `${path}/items`) : []),
];

describe('the structured output asked of the provider', () => {
  const schema = cardsJsonSchema as Schema;

  it('is strict: every object requires all its properties and allows no others', () => {
    const objects = objectsOf(schema);
    expect(objects.map(([path]) => path)).toEqual(['#', '#/cards/items']);
    for (const [, object] of objects) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required ?? [])].sort()).toEqual(Object.keys(object.properties ?? {}).sort());
    }
  });

  it("is the contract's card, with its length limits", () => {
    expect(schema.properties?.cards?.items?.properties).toEqual({
      question: { type: 'string', minLength: 1, maxLength: CARD_SIDE_MAX_LENGTH },
      answer: { type: 'string', minLength: 1, maxLength: CARD_SIDE_MAX_LENGTH },
      tag: { type: 'string', maxLength: CARD_TAG_MAX_LENGTH },
    });
  });
});
