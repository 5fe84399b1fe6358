import { storageKeys, useStoredValue, writeStored } from './storage';

export const themes = ['light', 'medium', 'dark'] as const;
export type Theme = (typeof themes)[number];

export const isTheme = (value: unknown): value is Theme =>
  typeof value === 'string' && (themes as readonly string[]).includes(value);

/** Without a stored choice the theme follows the system's light or dark preference. */
const systemTheme = (): Theme =>
  window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

export function useTheme(): Theme {
  const stored = useStoredValue(storageKeys.theme);
  return isTheme(stored) ? stored : systemTheme();
}

export function setTheme(theme: Theme): void {
  writeStored(storageKeys.theme, theme);
}

/** Medium is a dimmed variant of Mantine's dark scheme (see app/theme.css). */
export const colorSchemeOf = (theme: Theme): 'light' | 'dark' => (theme === 'light' ? 'light' : 'dark');
