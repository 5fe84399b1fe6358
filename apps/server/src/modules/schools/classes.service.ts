import type { Database, Executor } from '../../db/client';
import { type Actor, authorize } from '../../lib/access';
import { invalid, notFound } from '../../lib/api-error';
import type { Clock } from '../../lib/clock';
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

/** A school's classes: the principal manages them, their teachers see them and their members. */
export const createSchoolClassesService = ({
  db,
  clock,
  users,
}: {
  db: Database;
  clock: Clock;
  users: UsersService;
}) => {
  /** The principal's school (403 with the spec's message for anyone else). */
  const managed = (actor: Actor) => authorize(actor, schoolPolicy.manage, actor).schoolId!;

  /** A class of the principal's school, with its counts (another school's: 404). */
  const managedClass = async (actor: Actor, id: number, tx: Executor = db) => {
    managed(actor);
    const found = await classes.findClass(tx, id);
    return authorize(actor, classPolicy.manage, found?.schoolClass) && found!;
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
    async details(actor: Actor, id: number) {
      const found = await classes.findClass(db, id);
      const role = found && (await classes.roleIn(db, id, actor.id));
      authorize(actor, classPolicy.view, found && { schoolClass: found.schoolClass, role });
      return withMembers(found!);
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
      await users.update(studentId, { schoolClassId: classId });
    },

    /** The classes the teacher teaches in their school; nobody else teaches any. */
    mine: (actor: Actor) =>
      actor.schoolId === null || !actor.isTeacher
        ? Promise.resolve([])
        : classes.classesTaughtBy(db, actor.id, actor.schoolId),
  };
};

export type SchoolClassesService = ReturnType<typeof createSchoolClassesService>;
