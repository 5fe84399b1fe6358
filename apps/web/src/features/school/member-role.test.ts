import { describe, expect, it } from 'vitest';
import { memberBadges, memberRole, removalOf, roleChangeOf } from './member-role';

const person = { is_organization_host: false, is_teacher: false, is_auto_created: false };

describe('member roles', () => {
  it('names the role: principal over teacher over student', () => {
    expect(memberRole(person)).toBe('student');
    expect(memberRole({ ...person, is_teacher: true })).toBe('teacher');
    expect(memberRole({ ...person, is_teacher: true, is_organization_host: true })).toBe('principal');
  });

  it('adds "not yet signed in" for accounts that kept the school password', () => {
    expect(memberBadges(person)).toEqual(['student']);
    expect(memberBadges({ ...person, is_auto_created: true })).toEqual(['student', 'notSignedIn']);
    expect(memberBadges({ ...person, is_teacher: true, is_auto_created: true })).toEqual([
      'teacher',
      'notSignedIn',
    ]);
  });

  it('deletes accounts the school made and lets joined ones leave; never principals', () => {
    expect(removalOf({ auto_school_add: true, is_organization_host: false })).toBe('delete');
    expect(removalOf({ auto_school_add: false, is_organization_host: false })).toBe('leave');
    expect(removalOf({ auto_school_add: false, is_organization_host: true })).toBeNull();
  });

  it('marks someone invited, whose removal withdraws the invitation and whose role does not change', () => {
    const invited = { ...person, is_invited: true };
    expect(memberBadges(invited)).toEqual(['student', 'invited']);
    expect(memberBadges({ ...invited, is_teacher: true })).toEqual(['teacher', 'invited']);
    expect(removalOf({ auto_school_add: false, is_organization_host: false, is_invited: true })).toBe(
      'withdraw',
    );
    expect(roleChangeOf(invited)).toBeNull();
  });

  it('offers the other role to students and teachers only', () => {
    expect(roleChangeOf(person)).toBe('makeTeacher');
    expect(roleChangeOf({ ...person, is_teacher: true })).toBe('makeStudent');
    expect(roleChangeOf({ ...person, is_organization_host: true })).toBeNull();
  });
});
