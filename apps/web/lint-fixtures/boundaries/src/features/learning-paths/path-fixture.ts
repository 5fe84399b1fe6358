// A file at the top of a feature's folder.
import { paths } from '../../lib/paths';
import { pathKeys } from './api/path-keys';
import { scoreFieldOf } from '../practice/api/answer-card'; // refused
import { examPages } from '../exams/exam-pages'; // refused

export { examPages, pathKeys, paths, scoreFieldOf };
