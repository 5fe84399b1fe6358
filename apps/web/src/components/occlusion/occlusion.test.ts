import { coveredMasks, occlusionMasksField, occlusionSchema, occlusionsOf } from '@flashcards/contract';
import { describe, expect, it } from 'vitest';

const a = { x: 0, y: 0, width: 0.5, height: 0.5 };
const b = { x: 0.5, y: 0.5, width: 0.5, height: 0.5 };

describe('image occlusion', () => {
  it('makes one occlusion per rectangle, each asking about its own', () => {
    expect(occlusionsOf([a, b], 'hide_all')).toEqual([
      { masks: [a, b], target: 0, mode: 'hide_all' },
      { masks: [a, b], target: 1, mode: 'hide_all' },
    ]);
  });

  it('covers every rectangle when hiding all, only the one asked about when hiding one', () => {
    expect(coveredMasks({ masks: [a, b], target: 1, mode: 'hide_all' })).toEqual([
      { ...a, index: 0, target: false },
      { ...b, index: 1, target: true },
    ]);
    expect(coveredMasks({ masks: [a, b], target: 1, mode: 'hide_one' })).toEqual([
      { ...b, index: 1, target: true },
    ]);
  });

  it('reads rectangles with answers from JSON text, and refuses what is not one', () => {
    const masks = [{ ...a, answer: ' the heart ' }];
    expect(occlusionMasksField.parse(JSON.stringify(masks))).toEqual([{ ...a, answer: 'the heart' }]);
    const messages = (text: string) =>
      occlusionMasksField.safeParse(text).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages('{')).toEqual(['errors:occlusion_masks_json']);
    expect(messages('[]')).toEqual(['errors:occlusion_no_masks']);
    expect(messages(JSON.stringify(Array.from({ length: 31 }, () => masks[0])))).toEqual([
      'errors:occlusion_too_many',
    ]);
    // Past the right edge; a rounding error's worth is allowed.
    expect(messages(JSON.stringify([{ ...masks[0], x: 0.6 }]))).toEqual(['errors:occlusion_outside']);
    expect(messages(JSON.stringify([{ ...masks[0], x: 0.50005 }]))).toEqual([]);
    expect(occlusionMasksField.safeParse(JSON.stringify([{ ...a, answer: '' }])).success).toBe(false);
  });

  it('needs the rectangle asked about to be one of them', () => {
    expect(occlusionSchema.safeParse({ masks: [a], target: 0, mode: 'hide_one' }).success).toBe(true);
    expect(occlusionSchema.safeParse({ masks: [a], target: -1, mode: 'hide_one' }).success).toBe(false);
  });
});
