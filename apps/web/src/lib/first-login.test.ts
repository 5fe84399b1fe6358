import { describe, expect, it } from 'vitest';
import { firstLoginRedirect } from './first-login';
import { paths } from './paths';

describe('firstLoginRedirect', () => {
  const created = { is_auto_created: true };
  const claimed = { is_auto_created: false };

  it('sends an account a school created to choose its password from every page', () => {
    expect(firstLoginRedirect(created, paths.myCategories)).toBe(paths.choosePassword);
    expect(firstLoginRedirect(created, paths.profile)).toBe(paths.choosePassword);
    expect(firstLoginRedirect(created, '/my-cards/3')).toBe(paths.choosePassword);
  });

  it('keeps it on the password page', () => {
    expect(firstLoginRedirect(created, paths.choosePassword)).toBeNull();
  });

  it('leaves other accounts where they are, but not on the password page', () => {
    expect(firstLoginRedirect(claimed, paths.mySchool)).toBeNull();
    expect(firstLoginRedirect(claimed, paths.choosePassword)).toBe(paths.myHome);
  });

  it('waits while the user is not known', () => {
    expect(firstLoginRedirect(undefined, paths.myCategories)).toBeNull();
  });
});
