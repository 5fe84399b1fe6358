// A page of one feature: its own files, the shared ones, and (refused) another feature's.
import { CardPlay } from '../../../components/deck/card-play';
import { paths } from '../../../lib/paths';
import { answerReview } from '../api/review-api';
import '../../../lib/review-texts';
import { getDeck } from '../../practice/api/get-deck'; // refused
import { StandardSession } from '../../practice/components/standard-session'; // refused
import type { DeckFilter } from '../../practice/api/get-deck'; // refused
import '../../market/market-texts'; // refused
import { gradeColors } from '../../../features/exams/components/grade-badge'; // refused
export { useShortcuts } from '../../practice/components/use-shortcuts'; // refused
export * from '../../exams/exam-state'; // refused

export const lazyPage = () => import('../../practice/pages/practice-page'); // refused
export const ownPage = () => import('./review-page');

export { answerReview, CardPlay, DeckFilter, getDeck, gradeColors, paths, StandardSession };
