import type { AiImageLanguage, GenerateFromTopic } from '@flashcards/contract';
import type { CardPrompt } from './ai.provider';

export type TopicInput = GenerateFromTopic;

const levels = {
  easy: 'easy: basic facts and everyday words',
  average: 'average: what a good student of the subject knows',
  advanced: 'advanced: details and nuances an expert would test',
};

const imageLanguages: Record<AiImageLanguage, string> = {
  bg: 'Bulgarian',
  it: 'Italian',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  en: 'English',
  uk: 'Ukrainian',
  ru: 'Russian',
};

const system =
  'You write flashcards for learners. Each card has a question (its front side), an answer (its back side) ' +
  'and a short tag of one to three words grouping it. Sides are short: a term, a question or a phrase. ' +
  'No two cards ask the same thing. Answer only with JSON of the given schema.';

const tagRule = (tag: string) =>
  tag ? `Use the tag "${tag}" on every card.` : 'Give each card a fitting tag of one to three words.';

/** The request of a topic, with the language, the audience's age and the difficulty asked for. */
export const topicPrompt = (input: TopicInput): CardPrompt => ({
  system,
  maxCards: input.cardNumber,
  user: [
    `Write ${input.cardNumber} flashcards on the topic: ${input.topic}.`,
    `Write every side in this language: ${input.language}.`,
    input.audienceAge ? `The learners are ${input.audienceAge} years old; write for that age.` : '',
    `Difficulty: ${levels[input.level]}.`,
    input.sideOne ? `The front side holds: ${input.sideOne}.` : '',
    input.sideTwo ? `The back side holds: ${input.sideTwo}.` : '',
    tagRule(input.tag),
  ]
    .filter(Boolean)
    .join('\n'),
});

/** The request of photographed pages: the cards the pages teach, in the pages' language. */
export const imagesPrompt = (
  input: { language: AiImageLanguage; quantity: number; tag: string },
  imageUrls: string[],
): CardPrompt => ({
  system,
  maxCards: input.quantity,
  user: [
    {
      type: 'text',
      text: [
        `These are photographed textbook pages in ${imageLanguages[input.language]}.`,
        `Write at most ${input.quantity} flashcards of what they teach (terms and their meanings, questions and answers), in ${imageLanguages[input.language]}.`,
        tagRule(input.tag),
      ].join('\n'),
    },
    ...imageUrls.map((url) => ({ type: 'image_url' as const, image_url: { url } })),
  ],
});
