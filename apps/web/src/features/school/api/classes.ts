import { type ClassTeacherRole, schoolClassRoutes } from '@flashcards/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/csv';
import { schoolKeys } from './school-keys';
import { useSchoolChange } from './use-school-change';

/** The school's classes with their counts (principals). */
export const useSchoolClasses = () =>
  useQuery({
    queryKey: schoolKeys.classes(),
    queryFn: ({ signal }) => api.call(schoolClassRoutes.schoolClasses, { signal }),
  });

/** One class with its students and teachers (its school's principals and its teachers). */
export const useSchoolClass = (id: number) =>
  useQuery({
    queryKey: schoolKeys.schoolClass(id),
    queryFn: ({ signal }) => api.call(schoolClassRoutes.schoolClass, { params: { id }, signal }),
  });

/** The class's gradebook: its students by the exams given to them (its school's principals and its teachers). */
export const useGradebook = (id: number) =>
  useQuery({
    queryKey: schoolKeys.gradebook(id),
    queryFn: ({ signal }) => api.call(schoolClassRoutes.gradebook, { params: { id }, signal }),
  });

/** Downloads the class's gradebook as a CSV file, named by the server. */
const exportGradebook = async (id: number) => {
  const { blob, fileName } = await api.download(schoolClassRoutes.exportGradebook, { params: { id } });
  saveFile(blob, fileName ?? 'gradebook.csv');
};

export const useExportGradebook = () => useMutation({ mutationFn: exportGradebook });

/** The classes I teach. */
export const useMyClasses = () =>
  useQuery({
    queryKey: schoolKeys.myClasses(),
    queryFn: ({ signal }) => api.call(schoolClassRoutes.myClasses, { signal }),
  });

export const useCreateClass = () =>
  useSchoolChange((body: { name: string; school_year?: string }) =>
    api.call(schoolClassRoutes.createSchoolClass, { body }),
  );

export const useRenameClass = () =>
  useSchoolChange(({ id, name }: { id: number; name: string }) =>
    api.call(schoolClassRoutes.updateSchoolClass, { params: { id }, body: { name } }),
  );

export const useDeleteClass = () =>
  useSchoolChange((id: number) => api.call(schoolClassRoutes.deleteSchoolClass, { params: { id } }));

export const useAssignTeacher = () =>
  useSchoolChange(({ id, teacherId, role }: { id: number; teacherId: number; role: ClassTeacherRole }) =>
    api.call(schoolClassRoutes.assignClassTeacher, { params: { id, teacherId }, body: { role } }),
  );

export const useRemoveTeacher = () =>
  useSchoolChange(({ id, teacherId }: { id: number; teacherId: number }) =>
    api.call(schoolClassRoutes.removeClassTeacher, { params: { id, teacherId } }),
  );

/** Puts a student in a class, or in none. */
export const useMoveStudent = () =>
  useSchoolChange(({ studentId, classId }: { studentId: number; classId: number | null }) =>
    api.call(schoolClassRoutes.moveStudentToClass, {
      params: { id: studentId },
      body: { class_id: classId },
    }),
  );
