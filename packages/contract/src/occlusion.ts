import { z } from 'zod';
import { CARD_SIDE_MAX_LENGTH } from './limits';

/**
 * Image occlusion: rectangles drawn on a picture hide its parts, and each rectangle makes a card whose
 * answer is what it hides. The picture is stored once for all of them.
 */

/** Rectangles of one picture (and so cards made from it). */
export const OCCLUSION_MAX_MASKS = 30;
/** A rectangle's smallest width and height, as a fraction of the picture's (about 5 px of a 500 px picture). */
export const OCCLUSION_MIN_SIZE = 0.01;

const fraction = z.number().min(0).max(1);

/** A rectangle on the picture, in fractions of its width and height from its top left corner. */
export const occlusionMaskSchema = z
  .object({
    x: fraction,
    y: fraction,
    width: z.number().min(OCCLUSION_MIN_SIZE).max(1),
    height: z.number().min(OCCLUSION_MIN_SIZE).max(1),
  })
  // A rounding error's worth past the edge is allowed; a rectangle beyond it is not.
  .refine((mask) => mask.x + mask.width <= 1.0001 && mask.y + mask.height <= 1.0001, {
    message: 'errors:occlusion_outside',
  });
export type OcclusionMask = z.infer<typeof occlusionMaskSchema>;

/**
 * `hide_all`: every rectangle covers its part and the one asked about stands out ("hide all, guess one");
 * `hide_one`: only the one asked about covers its part.
 */
export const occlusionModeSchema = z.enum(['hide_all', 'hide_one']);
export type OcclusionMode = z.infer<typeof occlusionModeSchema>;

/** A card's occlusion: all the rectangles of its picture and which of them the card asks about. */
export const occlusionSchema = z.object({
  masks: z.array(occlusionMaskSchema).min(1).max(OCCLUSION_MAX_MASKS),
  target: z.number().int().min(0),
  mode: occlusionModeSchema,
});
export type Occlusion = z.infer<typeof occlusionSchema>;

/** A rectangle to make a card of: where it is and what it hides. */
export const occlusionAnswerSchema = occlusionMaskSchema.and(
  z.object({ answer: z.string().trim().min(1).max(CARD_SIDE_MAX_LENGTH) }),
);

/**
 * The rectangles of an occlusion card body: a multipart field holds them as JSON text (an array of
 * `{x, y, width, height, answer}`).
 */
export const occlusionMasksField = z
  .string()
  .max(64 * 1024)
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'errors:occlusion_masks_json' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(occlusionAnswerSchema)
      .min(1, { message: 'errors:occlusion_no_masks' })
      .max(OCCLUSION_MAX_MASKS, { message: 'errors:occlusion_too_many' }),
  );

/** The occlusions of the cards of one picture: one per rectangle, in the order drawn. */
export const occlusionsOf = (masks: OcclusionMask[], mode: OcclusionMode): Occlusion[] => {
  const rectangles = masks.map(({ x, y, width, height }) => ({ x, y, width, height }));
  return rectangles.map((_, target) => ({ masks: rectangles, target, mode }));
};

/** The rectangles a card's question covers: all of them, or the one asked about. */
export const coveredMasks = (occlusion: Occlusion) =>
  occlusion.masks
    .map((mask, index) => ({ ...mask, index, target: index === occlusion.target }))
    .filter((mask) => occlusion.mode === 'hide_all' || mask.target);
