import { emailField, SCHOOL_CLASS_NAME_MAX_LENGTH } from '@flashcards/contract';
import { invalid, type Message } from '../../lib/api-error';
import { decode, readRows } from '../../lib/delimited-text';

/** Rows of each file of a OneRoster import. */
export const ONEROSTER_MAX_ROWS = 2000;
export const ONEROSTER_FILES = ['orgs', 'classes', 'users', 'enrollments'] as const;
export type OneRosterFile = (typeof ONEROSTER_FILES)[number];

export type RosterClass = { sourcedId: string; title: string };
export type RosterPerson = {
  line: number;
  sourcedId: string;
  email: string;
  first_name: string;
  last_name: string;
  class_name: string;
  teacher: boolean;
};
export type RosterTeaching = { line: number; classTitle: string; email: string; primary: boolean };
export type Roster = { classes: RosterClass[]; people: RosterPerson[]; teaching: RosterTeaching[] };

/** A bad row: the file, its line and what is wrong (400 `{"file": [...]}`). */
export const rosterError = (file: OneRosterFile, line: number, problem: Message) =>
  invalid({ file: { key: 'oneroster_line', values: { file: `${file}.csv`, line, problem } } });

const NAME_MAX = 150;
const length = (value: string) => [...value].length;

/** The records of one file by its header's column names; rows marked `tobedeleted` are left out. */
const records = (file: OneRosterFile, data: Buffer, columns: string[]) => {
  const text = decode(data);
  if (text === null) throw rosterError(file, 1, { key: 'school_csv_not_utf8' });
  const read = readRows(text.split(/\r\n|\r|\n/), ',', ONEROSTER_MAX_ROWS + 2);
  if (!Array.isArray(read)) throw rosterError(file, read.line, { key: 'oneroster_unreadable' });
  const [header, ...rows] = read;
  if (!header) throw rosterError(file, 1, { key: 'oneroster_no_header' });
  if (rows.length > ONEROSTER_MAX_ROWS)
    throw rosterError(file, rows[ONEROSTER_MAX_ROWS]!.line, {
      key: 'oneroster_too_many',
      values: { max: ONEROSTER_MAX_ROWS },
    });
  const names = header.fields.map((name) => name.trim().toLowerCase());
  for (const column of columns)
    if (!names.includes(column.toLowerCase()))
      throw rosterError(file, header.line, { key: 'oneroster_column', values: { column } });
  return rows
    .map(({ line, fields }) => {
      const value = (column: string) => fields[names.indexOf(column.toLowerCase())]?.trim() ?? '';
      return { line, value };
    })
    .filter((row) => row.value('status').toLowerCase() !== 'tobedeleted');
};

/**
 * Reads OneRoster 1.1 CSV files (bulk): the schools of `orgs`, the `classes` of them, the students and
 * teachers of `users` (other roles are left out), and the `enrollments` that put them in classes. The
 * first bad row throws, naming its file and line.
 */
export const readRoster = (files: Record<OneRosterFile, Buffer>): Roster => {
  const orgs = new Set<string>();
  for (const row of records('orgs', files.orgs, ['sourcedId', 'name'])) orgs.add(row.value('sourcedId'));

  const classes = new Map<string, RosterClass>();
  for (const row of records('classes', files.classes, ['sourcedId', 'title', 'schoolSourcedId'])) {
    const bad = (key: string, values?: Message['values']) =>
      rosterError('classes', row.line, { key, values });
    const sourcedId = row.value('sourcedId');
    const title = row.value('title');
    if (sourcedId === '' || classes.has(sourcedId)) throw bad('oneroster_id', { id: sourcedId });
    if (length(title) < 1 || length(title) > SCHOOL_CLASS_NAME_MAX_LENGTH)
      throw bad('oneroster_class_title', { max: SCHOOL_CLASS_NAME_MAX_LENGTH });
    if (!orgs.has(row.value('schoolSourcedId')))
      throw bad('oneroster_unknown', { id: row.value('schoolSourcedId'), file: 'orgs.csv' });
    classes.set(sourcedId, { sourcedId, title });
  }

  const people = new Map<string, RosterPerson>();
  const emails = new Map<string, number>();
  const columns = ['sourcedId', 'role', 'givenName', 'familyName', 'email'];
  for (const row of records('users', files.users, columns)) {
    const bad = (key: string, values?: Message['values']) => rosterError('users', row.line, { key, values });
    const role = row.value('role').toLowerCase();
    if (role !== 'student' && role !== 'teacher') continue;
    const sourcedId = row.value('sourcedId');
    if (sourcedId === '' || people.has(sourcedId)) throw bad('oneroster_id', { id: sourcedId });
    const email = emailField.safeParse(row.value('email'));
    if (!email.success) throw bad('school_csv_email', { email: row.value('email') });
    const [first, last] = [row.value('givenName'), row.value('familyName')];
    if (length(first) < 1 || length(first) > NAME_MAX || length(last) < 1 || length(last) > NAME_MAX)
      throw bad('school_csv_name');
    const other = emails.get(email.data);
    if (other !== undefined) throw bad('school_csv_duplicate', { email: email.data, other });
    emails.set(email.data, row.line);
    people.set(sourcedId, {
      line: row.line,
      sourcedId,
      email: email.data,
      first_name: first,
      last_name: last,
      class_name: '',
      teacher: role === 'teacher',
    });
  }

  const teaching: RosterTeaching[] = [];
  const classTeacherOf = new Map<string, number>();
  const enrollmentColumns = ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'];
  for (const row of records('enrollments', files.enrollments, enrollmentColumns)) {
    const bad = (key: string, values?: Message['values']) =>
      rosterError('enrollments', row.line, { key, values });
    const role = row.value('role').toLowerCase();
    if (role !== 'student' && role !== 'teacher') continue;
    const schoolClass = classes.get(row.value('classSourcedId'));
    if (!schoolClass)
      throw bad('oneroster_unknown', { id: row.value('classSourcedId'), file: 'classes.csv' });
    const person = people.get(row.value('userSourcedId'));
    if (!person) throw bad('oneroster_unknown', { id: row.value('userSourcedId'), file: 'users.csv' });
    if (person.teacher !== (role === 'teacher')) throw bad('oneroster_role', { id: person.sourcedId });
    if (!person.teacher) {
      // A student belongs to one class.
      if (person.class_name !== '' && person.class_name !== schoolClass.title)
        throw bad('oneroster_two_classes', { id: person.sourcedId });
      person.class_name = schoolClass.title;
      continue;
    }
    const primary = row.value('primary').toLowerCase() === 'true';
    if (primary) {
      const other = classTeacherOf.get(schoolClass.sourcedId);
      if (other !== undefined) throw bad('oneroster_two_class_teachers', { other });
      classTeacherOf.set(schoolClass.sourcedId, row.line);
    }
    teaching.push({ line: row.line, classTitle: schoolClass.title, email: person.email, primary });
  }
  return { classes: [...classes.values()], people: [...people.values()], teaching };
};
