import type { Gradebook, MyClass, SchoolClass, SchoolClassDetails } from '@flashcards/contract';
import type { ClassPerson, ClassTeacherRole, CountedClass } from './classes.repository';
import type { SchoolClassesService } from './classes.service';

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

export const toGradebook = (book: Awaited<ReturnType<SchoolClassesService['gradebook']>>): Gradebook => ({
  class: { id: book.schoolClass.id, name: book.schoolClass.name, school_year: book.schoolClass.schoolYear },
  school: book.school,
  columns: book.columns.map((column) => ({
    test_id: column.testId,
    assignment: column.assignmentId,
    name: column.name,
    date: column.date.toISOString(),
  })),
  students: book.students.map((student) => ({
    id: student.id,
    first_name: student.firstName,
    last_name: student.lastName,
    cells: student.cells,
    average: student.average,
  })),
  generated_at: book.generatedAt.toISOString(),
});
