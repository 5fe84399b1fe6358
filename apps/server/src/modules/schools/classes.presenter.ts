import type { MyClass, SchoolClass, SchoolClassDetails } from '@flashcards/contract';
import type { ClassPerson, ClassTeacherRole, CountedClass } from './classes.repository';

export const toSchoolClass = (row: CountedClass): SchoolClass => ({
  id: row.schoolClass.id,
  name: row.schoolClass.name,
  school_year: row.schoolClass.schoolYear,
  students: row.students,
  teachers: row.teachers,
  class_teacher: row.classTeacher,
});

export const toMyClass = (row: CountedClass & { role: ClassTeacherRole }): MyClass => ({
  ...toSchoolClass(row),
  role: row.role,
});

const toPerson = (person: ClassPerson) => ({
  id: person.id,
  first_name: person.firstName,
  last_name: person.lastName,
  email: person.email,
});

export const toSchoolClassDetails = (
  row: CountedClass & {
    studentList: ClassPerson[];
    teacherList: (ClassPerson & { role: ClassTeacherRole })[];
  },
): SchoolClassDetails => ({
  ...toSchoolClass(row),
  student_list: row.studentList.map(toPerson),
  teacher_list: row.teacherList.map((teacher) => ({ ...toPerson(teacher), role: teacher.role })),
});
