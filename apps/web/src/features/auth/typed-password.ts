/**
 * The password just typed in the login form, kept in memory only (never in storage) for a few minutes, so
 * that an account a school created can choose its own password without typing the school's one again.
 */
let typed: { email: string; password: string } | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;

const KEEP_MS = 10 * 60 * 1000;

export function rememberTypedPassword(email: string, password: string): void {
  forgetTypedPassword();
  typed = { email: email.trim().toLowerCase(), password };
  timer = setTimeout(forgetTypedPassword, KEEP_MS);
}

/** The password typed for this e-mail, if it is still in memory. */
export function typedPasswordFor(email: string): string | null {
  return typed && typed.email === email.trim().toLowerCase() ? typed.password : null;
}

export function forgetTypedPassword(): void {
  typed = null;
  clearTimeout(timer);
}
