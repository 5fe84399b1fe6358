// Three folders down: the feature's own files are three levels up, another feature's four.
import { reviewKeys } from '../../../api/review-api';
import { paths } from '../../../../../lib/paths';
import { getDeck } from '../../../../practice/api/get-deck'; // refused

export { getDeck, paths, reviewKeys };
