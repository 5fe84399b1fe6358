import {
  AUDIO_MAX_BYTES,
  type CardType,
  kidsCardFields,
  megabytes,
  OCCLUSION_MAX_MASKS,
  occlusionAnswerSchema,
  occlusionCardsBody,
  PICTURE_MAX_BYTES,
  pictureCardFields,
  textCardFields,
  textCardRule,
} from '@flashcards/contract';
import { z } from 'zod';
import { cardFileMaxBytes, checkAudio, checkCardFile, checkImage, type FileProblem } from './card-rules';

// The card forms: the contract's bodies without the category (the page's own), plus the files.

function addFileIssue(ctx: z.RefinementCtx, problem: FileProblem | null, maxBytes: number, path?: string[]) {
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message: `cards:validation.${problem}`,
      params: { max: megabytes(maxBytes) },
      path,
    });
}

const picture = z
  .instanceof(File, { error: 'cards:validation.pictureRequired' })
  .superRefine((file, ctx) => addFileIssue(ctx, checkImage(file), PICTURE_MAX_BYTES));

export const textCardForm = textCardFields.omit({ category: true }).superRefine(textCardRule);

/** A new card needs a picture; an edited one keeps its picture unless another is chosen. */
export const pictureCardForm = (editing: boolean) =>
  pictureCardFields.omit({ category: true }).extend({ first_side: editing ? picture.nullable() : picture });

/** Image occlusion: a picture, its rectangles each with what it hides, the mode and the tag. */
export const occlusionCardForm = occlusionCardsBody
  .omit({ category: true, first_side: true, masks: true })
  .extend({
    first_side: picture,
    masks: z
      .array(occlusionAnswerSchema)
      .min(1, { message: 'errors:occlusion_no_masks' })
      .max(OCCLUSION_MAX_MASKS, { message: 'errors:occlusion_too_many' }),
  });

export const soundSources = ['upload', 'record'] as const;

/** The sound is optional, uploaded or recorded: only the chosen way's sound is checked. */
export const kidsCardForm = (editing: boolean) =>
  kidsCardFields
    .omit({ category: true })
    .extend({
      first_side: editing ? picture.nullable() : picture,
      source: z.enum(soundSources),
      audioFile: z.instanceof(File).nullable(),
      recording: z.instanceof(Blob).nullable(),
    })
    .superRefine(({ source, audioFile, recording }, ctx) => {
      const field = source === 'upload' ? 'audioFile' : 'recording';
      const sound = source === 'upload' ? audioFile : recording;
      if (sound) addFileIssue(ctx, checkAudio(sound), AUDIO_MAX_BYTES, [field]);
    });

/**
 * The upload form of a category of this kind: picture and kids categories take Anki packages only, and a
 * kids category's import gives every card the language chosen.
 */
export const cardFileFormFor = (kind: CardType) => {
  const file = z
    .instanceof(File, { error: 'cards:upload.fileRequired' })
    .superRefine((value, ctx) => addFileIssue(ctx, checkCardFile(value, kind), cardFileMaxBytes(value)));
  return kind === 'kids' ? z.object({ file, language: kidsCardFields.shape.language }) : z.object({ file });
};
export const cardFileForm = cardFileFormFor('text');
