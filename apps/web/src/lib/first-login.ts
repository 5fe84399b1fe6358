import { paths } from './paths';

/**
 * Where a signed-in route sends the user first: an account a school created (`is_auto_created`) must
 * choose its own password before anything else; once it has, the password page is behind it. Null: stay.
 */
export function firstLoginRedirect(
  user: { is_auto_created: boolean } | undefined,
  pathname: string,
): string | null {
  if (!user) return null;
  const onPasswordPage = pathname === paths.choosePassword;
  if (user.is_auto_created) return onPasswordPage ? null : paths.choosePassword;
  return onPasswordPage ? paths.myHome : null;
}
