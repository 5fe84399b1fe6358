import { type AiCard, aiCardSchema } from '@flashcards/contract';
import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import { z } from 'zod';
import { unstorableText } from '../../lib/storable-text';

/** Why a generation failed, in words for the person who asked (a locale key of `errors`). */
export class GenerationError extends Error {
  constructor(
    readonly key: 'ai_timeout' | 'ai_provider_failed' | 'ai_invalid_output' | 'ai_no_cards',
    /** Whether trying the same job again later may work. */
    readonly transient: boolean,
  ) {
    super(key);
    this.name = 'GenerationError';
  }
}

/** What the model is asked to give back: a list of the contract's cards; checked again here, whatever it claims. */
const generatedCards = z.object({ cards: z.array(z.unknown()) });

/**
 * The JSON schema of the structured output, derived from the contract's card schema with its length
 * limits. As strict structured output requires, every object lists all its properties as required and
 * allows no others (Zod's output schema of a plain object).
 */
export const cardsJsonSchema = z.toJSONSchema(z.object({ cards: z.array(aiCardSchema) }), {
  target: 'draft-7',
  io: 'output',
});

export type ChatContent =
  | string
  | ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[];

export type CardPrompt = { system: string; user: ChatContent; maxCards: number };

export type CardProvider = {
  /** Cards for the prompt: checked, without empty or repeated ones, at most `maxCards`. */
  generate(prompt: CardPrompt): Promise<AiCard[]>;
};

/** The cards of a model's answer that hold up: valid, storable, not empty, each question once, no more than asked. */
const usableCards = (content: string | null | undefined, maxCards: number): AiCard[] | undefined => {
  let parsed: unknown;
  try {
    // Some models wrap the JSON in a fence or prefix it with the word json.
    parsed = JSON.parse((content ?? '').replace(/^\s*(```)?\s*json\s*/i, '').replace(/```\s*$/, ''));
  } catch {
    return undefined;
  }
  const shape = generatedCards.safeParse(parsed);
  if (!shape.success) return undefined;
  const seen = new Set<string>();
  const cards: AiCard[] = [];
  for (const item of shape.data.cards) {
    const card = aiCardSchema.safeParse(item);
    if (!card.success) continue;
    // A NUL or half a surrogate pair (a JSON escape of the model's) cannot be stored: the card is dropped.
    if ([card.data.question, card.data.answer, card.data.tag].some((text) => unstorableText(text))) continue;
    const key = card.data.question.toLocaleLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    cards.push(card.data);
  }
  return cards.slice(0, maxCards);
};

/**
 * Any OpenAI-compatible chat API (OpenAI, Ollama, vLLM, llama.cpp's server), asked for JSON-schema
 * structured output. An answer that does not hold up is asked for once more.
 */
export const createCardProvider = (options: {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutSeconds: number;
}): CardProvider => {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    apiKey: options.apiKey ?? 'none',
    timeout: options.timeoutSeconds * 1000,
    maxRetries: 0,
  });

  const ask = async ({ system, user }: CardPrompt) => {
    try {
      const completion = await client.chat.completions.create({
        model: options.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'flashcards', strict: true, schema: cardsJsonSchema },
        },
      });
      return completion.choices[0]?.message.content;
    } catch (error) {
      if (error instanceof APIConnectionTimeoutError) throw new GenerationError('ai_timeout', true);
      if (error instanceof APIError) {
        // Refusals of the request itself (a wrong key or model) will not change on a retry.
        const transient = error.status === undefined || error.status === 429 || error.status >= 500;
        throw new GenerationError('ai_provider_failed', transient);
      }
      throw error;
    }
  };

  return {
    async generate(prompt) {
      let cards: AiCard[] | undefined;
      for (let attempt = 0; attempt < 2; attempt++) {
        cards = usableCards(await ask(prompt), prompt.maxCards);
        if (cards && cards.length > 0) return cards;
      }
      throw new GenerationError(cards ? 'ai_no_cards' : 'ai_invalid_output', false);
    },
  };
};
