import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { classTeachers, schoolClasses, users } from '../../db/schema';
import { byName } from '../../lib/people';

export type ClassRow = typeof schoolClasses.$inferSelect;
export type ClassTeacherRole = (typeof classTeachers.$inferSelect)['role'];

// Written with the table's name: inside these subqueries drizzle would name the subquery's table instead.
const classId = sql.raw('"school_classes"."id"');
const schoolOfClass = sql.raw('"school_classes"."school_id"');
/**
 * A class with its members counted: students of the class's school only, teachers who teach it and are
 * still teachers of that school (someone who left keeps no reach).
 */
const withCounts = {
  schoolClass: schoolClasses,
  students: sql<number>`(select count(*)::int from users cs where cs.school_class_id = ${classId} and cs.school_id = ${schoolOfClass} and cs.is_student)`,
  teachers: sql<number>`(select count(*)::int from class_teachers ct join users tu on tu.id = ct.teacher_id where ct.class_id = ${classId} and tu.school_id = ${schoolOfClass} and tu.is_teacher)`,
  classTeacher: sql<
    string | null
  >`(select trim(tu.first_name || ' ' || tu.last_name) from class_teachers ct join users tu on tu.id = ct.teacher_id where ct.class_id = ${classId} and ct.role = 'class_teacher' and tu.school_id = ${schoolOfClass} and tu.is_teacher)`,
};
export type CountedClass = {
  schoolClass: ClassRow;
  students: number;
  teachers: number;
  classTeacher: string | null;
};
/** Newest year first, then by the grade number a name starts with (7А before 10Б), then by name. */
const order = [
  desc(schoolClasses.schoolYear),
  sql`substring(${schoolClasses.name} from '^[0-9]+')::int asc nulls last`,
  asc(sql`lower(${schoolClasses.name})`),
  asc(schoolClasses.id),
];

/** A school's classes in `order`: one statement. */
export const classesOf = (db: Executor, schoolId: number): Promise<CountedClass[]> =>
  db
    .select(withCounts)
    .from(schoolClasses)
    .where(eq(schoolClasses.schoolId, schoolId))
    .orderBy(...order);

export const findClass = async (db: Executor, id: number): Promise<CountedClass | undefined> => {
  const [row] = await db.select(withCounts).from(schoolClasses).where(eq(schoolClasses.id, id));
  return row;
};

/** The classes the teacher teaches in their school, with their role: one statement. */
export const classesTaughtBy = (db: Executor, teacherId: number, schoolId: number) =>
  db
    .select({ ...withCounts, role: classTeachers.role })
    .from(classTeachers)
    .innerJoin(schoolClasses, eq(schoolClasses.id, classTeachers.classId))
    .where(and(eq(classTeachers.teacherId, teacherId), eq(schoolClasses.schoolId, schoolId)))
    .orderBy(...order);

/** The teacher's role in the class, if they teach it. */
export const roleIn = async (db: Executor, classId: number, teacherId: number) => {
  const [row] = await db
    .select({ role: classTeachers.role })
    .from(classTeachers)
    .where(and(eq(classTeachers.classId, classId), eq(classTeachers.teacherId, teacherId)));
  return row?.role;
};

const person = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email };
export type ClassPerson = { id: number; firstName: string; lastName: string; email: string };

/** The class's students and teachers (members of its school), by name: two statements. */
export const membersOf = async (db: Executor, schoolClass: ClassRow) => {
  const students = await db
    .select(person)
    .from(users)
    .where(
      and(
        eq(users.schoolClassId, schoolClass.id),
        eq(users.schoolId, schoolClass.schoolId),
        eq(users.isStudent, true),
      ),
    )
    .orderBy(...byName);
  const teachers = await db
    .select({ ...person, role: classTeachers.role })
    .from(classTeachers)
    .innerJoin(users, eq(users.id, classTeachers.teacherId))
    .where(
      and(
        eq(classTeachers.classId, schoolClass.id),
        eq(users.schoolId, schoolClass.schoolId),
        eq(users.isTeacher, true),
      ),
    )
    .orderBy(asc(classTeachers.role), ...byName);
  return { studentList: students, teacherList: teachers };
};

export const insertClass = async (db: Executor, values: typeof schoolClasses.$inferInsert) => {
  const [row] = await db.insert(schoolClasses).values(values).returning();
  return row!;
};

export const updateClass = (db: Executor, id: number, values: { name?: string; schoolYear?: string }) =>
  db.update(schoolClasses).set(values).where(eq(schoolClasses.id, id));

export const deleteClass = (db: Executor, id: number) =>
  db.delete(schoolClasses).where(eq(schoolClasses.id, id));

/**
 * The school's classes of these names in the year, created when missing: two statements. Returns each
 * name (lower case) with its class's id.
 */
export const ensureClasses = async (tx: Executor, schoolId: number, schoolYear: string, names: string[]) => {
  if (names.length === 0) return new Map<string, number>();
  await tx
    .insert(schoolClasses)
    .values(names.map((name) => ({ schoolId, schoolYear, name })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: schoolClasses.id, name: schoolClasses.name })
    .from(schoolClasses)
    .where(
      and(
        eq(schoolClasses.schoolId, schoolId),
        eq(schoolClasses.schoolYear, schoolYear),
        inArray(
          sql`lower(${schoolClasses.name})`,
          names.map((name) => name.toLowerCase()),
        ),
      ),
    );
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
};

/** Names the teacher in the class with this role (a teacher already in it changes role). */
export const setTeacher = (tx: Executor, classId: number, teacherId: number, role: ClassTeacherRole) =>
  tx
    .insert(classTeachers)
    .values({ classId, teacherId, role })
    .onConflictDoUpdate({ target: [classTeachers.classId, classTeachers.teacherId], set: { role } });

/** Names several teachers in classes: one statement (an import, whose rows are new). */
export const setTeachers = (
  tx: Executor,
  rows: { classId: number; teacherId: number; role: ClassTeacherRole }[],
) =>
  rows.length === 0
    ? Promise.resolve()
    : tx
        .insert(classTeachers)
        .values(rows)
        .onConflictDoUpdate({
          target: [classTeachers.classId, classTeachers.teacherId],
          set: { role: sql`excluded.role` },
        })
        .then(() => undefined);

/**
 * The class teachers of the classes, by class, locked (naming a second one waits for the first to
 * commit): one statement.
 */
export const classTeachersOf = async (tx: Executor, classIds: number[]) => {
  if (classIds.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ classId: classTeachers.classId, teacherId: classTeachers.teacherId })
    .from(classTeachers)
    .where(and(inArray(classTeachers.classId, classIds), eq(classTeachers.role, 'class_teacher')))
    .for('update');
  return new Map(rows.map((row) => [row.classId, row.teacherId]));
};

/** Returns whether the teacher taught the class. */
export const removeTeacher = async (tx: Executor, classId: number, teacherId: number) =>
  (
    await tx
      .delete(classTeachers)
      .where(and(eq(classTeachers.classId, classId), eq(classTeachers.teacherId, teacherId)))
      .returning({ classId: classTeachers.classId })
  ).length > 0;
