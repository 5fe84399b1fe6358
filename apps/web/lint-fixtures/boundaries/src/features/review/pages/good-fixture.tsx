// Nothing here crosses a boundary: the feature's own files, the shared components and lib/, packages.
import { reviewRoutes } from '@flashcards/contract';
import { Button } from '@mantine/core';
import { CardPlay } from '../../../components/deck/card-play';
import { StandardSession } from '../../../components/deck/standard-session';
import { useAnnouncer } from '../../../components/ui/use-announcer';
import { cardsPathOf } from '../../../lib/category-paths';
import { answerReview } from '../api/review-api';
import '../../../lib/review-texts';
import { ReviewPage } from './review-page';

export { answerReview, Button, CardPlay, cardsPathOf, ReviewPage, reviewRoutes, StandardSession, useAnnouncer };
