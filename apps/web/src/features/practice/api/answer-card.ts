import { cardRoutes, practiceRoutes, scoreFieldOf } from '@flashcards/contract';
import type { AnsweredCard, DeckCard, DeckKind } from '../../../components/deck/deck-source';
import type { LearningType } from '../../../components/deck/practice-settings';
import { api } from '../../../lib/api-client';

export type Answer = {
  kind: DeckKind;
  card: DeckCard;
  type: LearningType;
  correct: boolean;
  /** The practice session (a uuid) whose last answer this becomes, so that it can be taken back. */
  session?: string;
};

/**
 * One answer: a PUT of the card with one score field, the previous value plus one (the server counts it
 * as exactly one answer whatever the value). Past a free user's daily limit it answers 403.
 */
export const answerCard = ({ kind, card, type, correct, session }: Answer): Promise<AnsweredCard> => {
  const field = scoreFieldOf(type, correct);
  return api.call(kind === 'text' ? cardRoutes.updateTextCard : cardRoutes.updatePictureCard, {
    params: { id: card.id },
    body: { [field]: card[field] + 1, ...(session && { session }) },
    encoding: 'json',
  });
};

/** Takes back the last answer of a session (once); 409 when there is none left to take back. */
export const undoLastAnswer = (session: string) =>
  api.call(practiceRoutes.undoLastAnswer, { params: { session } });
