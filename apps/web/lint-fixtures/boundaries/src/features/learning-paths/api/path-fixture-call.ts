// A call of one feature may use the shared deck types, never another feature's calls.
import type { DeckSource } from '../../../components/deck/deck-source';
import { api } from '../../../lib/api-client';
import { pathKeys } from './path-keys';
import { answerCard } from '../../practice/api/answer-card'; // refused

export type { DeckSource };
export { answerCard, api, pathKeys };
