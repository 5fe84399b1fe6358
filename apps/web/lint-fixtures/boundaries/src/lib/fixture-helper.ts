// lib/ is shared by the features and imports none of them.
import { api } from './api-client';
import { practiceKeys } from '../features/practice/api/practice-keys'; // refused
import type { LearningPath } from '../features/learning-paths/api/get-paths'; // refused

export type { LearningPath };
export { api, practiceKeys };
