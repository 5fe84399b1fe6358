// Two folders down in a feature: the same boundary.
import { paths } from '../../../../lib/paths';
import { reviewKeys } from '../../api/review-api';
import { CardPlay } from '../../../../components/deck/card-play';
import { getDeck } from '../../../practice/api/get-deck'; // refused
import { gradeColors } from '../../../../features/exams/components/grade-badge'; // refused

export { CardPlay, getDeck, gradeColors, paths, reviewKeys };
