// Shared components use each other and lib/, never a feature.
import { ReviewDueButton } from '../review/review-due-button';
import { paths } from '../../lib/paths';
import { CatalogStatusBadge } from '../../features/market/components/catalog-status-badge'; // refused
import '../../features/review/review-texts'; // refused

export { CatalogStatusBadge, paths, ReviewDueButton };
