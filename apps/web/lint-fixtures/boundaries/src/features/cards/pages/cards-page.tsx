// The category page places three panels of other features whole; nothing else of theirs.
import { PublishPanel } from '../../market/components/publish-panel';
import { UpdateNotice } from '../../market/components/update-notice';
import { SendCategoryPanel } from '../../social/components/send-category-panel';
import { ReviewDueButton } from '../../../components/review/review-due-button';
import { CatalogCard } from '../../market/components/catalog-card'; // refused
import { catalogKeys } from '../../market/api/market-keys'; // refused
import { publishForm } from '../../market/publish-form'; // refused

export { CatalogCard, catalogKeys, PublishPanel, publishForm, ReviewDueButton, SendCategoryPanel, UpdateNotice };
