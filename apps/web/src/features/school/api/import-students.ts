import { schoolRoutes } from '@flashcards/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSchoolChange } from './use-school-change';

/** What importing a CSV file of students would do; nothing is stored. */
export const previewImport = (file: File) =>
  api.call(schoolRoutes.bulkCreateUsers, { query: { preview: true }, body: { file } });

/** Adds the students of a CSV file; the new accounts' initial passwords come back once. */
export const importStudents = (file: File) => api.call(schoolRoutes.bulkCreateUsers, { body: { file } });

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
export const useImportStudents = () => useSchoolChange(importStudents);
