import { describe, expect, it } from 'vitest';
import { visibleMenu } from './menu-sections';

const itemsOf = (access: Parameters<typeof visibleMenu>[0]) =>
  visibleMenu(access).flatMap((section) => section.items.map((item) => item.page));
const sectionsOf = (access: Parameters<typeof visibleMenu>[0]) =>
  visibleMenu(access).map((section) => section.label);

const teacherTools = ['schoolTests', 'schoolExams', 'reports', 'learningPaths'];

describe('the side menu by what a person uses', () => {
  it('leaves out the tools of "Assigned from me" for a new learner or student', () => {
    const sections = sectionsOf({ isAutoCreated: false, isStaff: false, videosShown: true });
    expect(sections).not.toContain('assignedFromMe');
    expect(sections).toEqual(['flashCards', 'assignedToMe', 'social', 'other']);
  });

  it('shows them to a teacher, and to a learner who has made a test, an exam or a path', () => {
    const items = itemsOf({ isAutoCreated: false, isStaff: false, usesTeacherTools: true });
    expect(items).toEqual(expect.arrayContaining(teacherTools));
    expect(sectionsOf({ isAutoCreated: false, isStaff: false, usesTeacherTools: true })).toContain(
      'assignedFromMe',
    );
  });

  it("keeps the reduced menu of a school's auto-created account", () => {
    const items = itemsOf({ isAutoCreated: true, isStaff: false, usesTeacherTools: true });
    expect(items).not.toContain('aiCards');
    expect(items).not.toContain('reports');
    expect(items).not.toContain('learningPaths');
    expect(items).not.toContain('myLearningPaths');
    expect(items).toContain('schoolTests');
  });

  it("leaves the affiliates' payouts out of the staff's menu where nothing is sold", () => {
    expect(itemsOf({ isAutoCreated: false, isStaff: true })).toContain('adminPayouts');
    expect(itemsOf({ isAutoCreated: false, isStaff: true, salesShown: false })).not.toContain('adminPayouts');
  });

  it('shows "Demo videos" only where the deployment has some', () => {
    expect(itemsOf({ isAutoCreated: false, isStaff: false })).not.toContain('demoVideos');
    // Nothing else is left of "Other" for a learner: the section goes too.
    expect(sectionsOf({ isAutoCreated: false, isStaff: false })).not.toContain('other');
    expect(itemsOf({ isAutoCreated: false, isStaff: false, videosShown: true })).toContain('demoVideos');
  });
});
