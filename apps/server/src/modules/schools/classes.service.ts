import { spreadsheetCell } from '@flashcards/contract';
import type { Language } from '@flashcards/i18n';
import { stringify } from 'csv-stringify/sync';
import type { Database, Executor } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { invalid, notFound } from '../../lib/api-error';
import type { AssignmentsFollow } from '../../lib/assignment-target';
import type { Clock } from '../../lib/clock';
import { translate } from '../../lib/translate';
import type { ExamsService } from '../exams/exams.service';
import type { UsersService } from '../users/users.service';
import { classPolicy, schoolYearOf } from './classes.policy';
import * as classes from './classes.repository';
import { schoolPolicy } from './schools.policy';
import * as repo from './schools.repository';

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505';
/** A name the school already has in that year is the name's error. */
const nameTaken = (error: unknown) => {
  if (isUniqueViolation(error)) throw invalid({ name: 'school_class_name_taken' });
  throw error;
};

/** The moments of a school year (`2026/2027`): from 1 August of its first year to 1 August of the next. */
const schoolYearSpan = (schoolYear: string) => {
  const first = Number(schoolYear.slice(0, 4));
  return { from: new Date(Date.UTC(first, 7, 1)), to: new Date(Date.UTC(first + 1, 7, 1)) };
};

/** A day as the language writes it in a file: 12.10.2026 in Bulgarian, 2026-10-12 in English. */
const csvDate = (day: Date, language: Language) => {
  const iso = day.toISOString().slice(0, 10);
  return language === 'bg' ? iso.split('-').reverse().join('.') : iso;
};

/** Two decimals with the language's separator: 4,67 in Bulgarian. */
const decimal = (value: number, language: Language) => {
  const text = value.toFixed(2);
  return language === 'bg' ? text.replace('.', ',') : text;
};

/** A school's classes: the principal manages them, their teachers see them and their members. */
export const createSchoolClassesService = ({
  db,
  clock,
  users,
  exams,
  assignments,
}: {
  db: Database;
  clock: Clock;
  users: UsersService;
  exams: ExamsService;
  /** The paths and exams given to classes and groups, which follow their members. */
  assignments: AssignmentsFollow;
}) => {
  /** The principal's school (403 with the spec's message for anyone else). */
  const managed = (actor: Actor) => authorize(actor, schoolPolicy.manage, actor).schoolId!;

  /** A class of the principal's school, with its counts (another school's: 404). */
  const managedClass = async (actor: Actor, id: number, tx: Executor = db) => {
    managed(actor);
    const found = await classes.findClass(tx, id);
    return authorize(actor, classPolicy.manage, found?.schoolClass) && found!;
  };

  /** The class of the principals of its school and of its teachers (404 for anyone else). */
  const viewedClass = async (actor: Actor, id: number) => {
    const found = await classes.findClass(db, id);
    const role = found && (await classes.roleIn(db, id, actor.id));
    authorize(actor, classPolicy.view, found && { schoolClass: found.schoolClass, role });
    return found!;
  };

  /**
   * The class's gradebook: its students by name, the exams given to them in the class's school year as
   * columns, and each student's average of their grades to two decimals (half up, as schools round).
   */
  const gradebook = async (actor: Actor, id: number) => {
    const { schoolClass } = await viewedClass(actor, id);
    const { studentList } = await classes.membersOf(db, schoolClass);
    const school = (await repo.findSchool(db, schoolClass.schoolId))!.school;
    const { from, to } = schoolYearSpan(schoolClass.schoolYear);
    const columns = await exams.gradebook({
      studentIds: studentList.map((student) => student.id),
      schoolId: schoolClass.schoolId,
      from,
      to,
    });
    const students = studentList.map((student) => {
      const cells = columns.map((column) => column.cellOf(student.id));
      const grades = cells.flatMap((cell) => (cell.grade === null ? [] : [cell.grade]));
      const sum = grades.reduce((total, grade) => total + grade, 0);
      return {
        ...student,
        cells,
        average: grades.length === 0 ? null : Math.round((sum * 100) / grades.length) / 100,
      };
    });
    return { schoolClass, school: school.name, columns, students, generatedAt: clock.now() };
  };

  const withMembers = async (found: classes.CountedClass) => ({
    ...found,
    ...(await classes.membersOf(db, found.schoolClass)),
  });

  return {
    currentSchoolYear: () => schoolYearOf(clock.now()),

    list: (actor: Actor) => classes.classesOf(db, managed(actor)),

    async create(actor: Actor, fields: { name: string; school_year?: string }) {
      const schoolId = managed(actor);
      const created = await classes
        .insertClass(db, {
          schoolId,
          name: fields.name,
          schoolYear: fields.school_year ?? schoolYearOf(clock.now()),
          createdAt: clock.now(),
        })
        .catch(nameTaken);
      return (await classes.findClass(db, created.id))!;
    },

    /** The class with its members: for the principals of its school and the teachers who teach it. */
    details: async (actor: Actor, id: number) => withMembers(await viewedClass(actor, id)),

    gradebook,

    /**
     * The gradebook as the CSV e-diaries take in: a header row (№, name, one column per exam with its date,
     * average) in the request's language, one line per student; a missed exam is written as absent, the
     * average with the language's decimal separator. UTF-8 with a BOM (a spreadsheet then reads Cyrillic
     * right); names and tests are people's text, so a cell that would start a formula is written as text.
     */
    async exportGradebook(actor: Actor, id: number, language: Language) {
      const book = await gradebook(actor, id);
      const t = (key: string) => translate(language, `school:gradebook.csv.${key}`);
      const header = [
        t('number'),
        t('name'),
        ...book.columns.map((column) => `${column.name} (${csvDate(column.date, language)})`),
        t('average'),
      ];
      const lines = book.students.map((student, index) => [
        String(index + 1),
        `${student.firstName} ${student.lastName}`.trim(),
        ...student.cells.map((cell) =>
          cell.state === 'graded' ? String(cell.grade) : cell.state === 'absent' ? t('absent') : '',
        ),
        student.average === null ? '' : decimal(student.average, language),
      ]);
      const data = Buffer.from(
        stringify(
          [header, ...lines].map((line) => line.map(spreadsheetCell)),
          {
            bom: true,
            record_delimiter: 'windows',
            quoted_match: /[\r\n]/,
          },
        ),
      );
      return { name: `${book.schoolClass.name} ${book.schoolClass.schoolYear}`, data };
    },

    async update(actor: Actor, id: number, fields: { name?: string; school_year?: string }) {
      await managedClass(actor, id);
      await classes
        .updateClass(db, id, { name: fields.name, schoolYear: fields.school_year })
        .catch(nameTaken);
      return (await classes.findClass(db, id))!;
    },

    async remove(actor: Actor, id: number) {
      await managedClass(actor, id);
      await classes.deleteClass(db, id);
    },

    /**
     * Names a teacher of the school in the class. A class has one class teacher: another while it has one
     * is refused (the lock keeps two principals from naming two at once).
     */
    async assignTeacher(actor: Actor, id: number, teacherId: number, role: classes.ClassTeacherRole) {
      await managedClass(actor, id);
      const teacher = authorize(actor, schoolPolicy.ownMember, await repo.findAccount(db, teacherId));
      if (!teacher.isTeacher) throw invalid({ teacher: 'school_class_not_teacher' });
      await db.transaction(async (tx) => {
        const current = (await classes.classTeachersOf(tx, [id])).get(id);
        if (role === 'class_teacher' && current !== undefined && current !== teacherId)
          throw invalid({ role: 'school_class_teacher_taken' });
        await classes.setTeacher(tx, id, teacherId, role);
      });
      return withMembers((await classes.findClass(db, id))!);
    },

    async removeTeacher(actor: Actor, id: number, teacherId: number) {
      await managedClass(actor, id);
      if (!(await classes.removeTeacher(db, id, teacherId))) throw notFound();
    },

    /** Puts a student of the school in a class of it, or in none. */
    async moveStudent(actor: Actor, studentId: number, classId: number | null) {
      managed(actor);
      const student = authorize(actor, schoolPolicy.ownMember, await repo.findAccount(db, studentId));
      if (!student.isStudent) throw invalid({ non_field_errors: 'school_class_not_student' });
      if (classId !== null) await managedClass(actor, classId);
      await db.transaction(async (tx) => {
        await users.update(studentId, { schoolClassId: classId }, tx);
        await assignments.membersChanged(tx, [studentId]);
      });
    },

    /** The classes the teacher teaches in their school; nobody else teaches any. */
    mine: (actor: Actor) =>
      actor.schoolId === null || !actor.isTeacher
        ? Promise.resolve([])
        : classes.classesTaughtBy(db, actor.id, actor.schoolId),
  };
};

export type SchoolClassesService = ReturnType<typeof createSchoolClassesService>;
