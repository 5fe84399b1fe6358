// The exception is the category page's alone: another page of the same feature may not place the panels.
import { PublishPanel } from '../../market/components/publish-panel'; // refused
import { CardItem } from '../components/card-item';

export { CardItem, PublishPanel };
