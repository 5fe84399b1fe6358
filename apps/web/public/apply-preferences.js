// A classic blocking script (the CSP forbids inline ones): applies the stored theme and language before the
// first paint, so a dark page does not flash white. The keys and values mirror src/lib/storage.ts and theme.ts.
(() => {
  const root = document.documentElement;
  try {
    const stored = localStorage.getItem('theme');
    const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const theme =
      stored === 'light' || stored === 'medium' || stored === 'dark'
        ? stored
        : prefersDark
          ? 'dark'
          : 'light';
    root.setAttribute('data-theme', theme);
    root.setAttribute('data-mantine-color-scheme', theme === 'light' ? 'light' : 'dark');
    const language = localStorage.getItem('language');
    if (language === 'en' || language === 'bg') root.lang = language;
  } catch {
    // Storage may be blocked; the app falls back to its defaults.
  }
})();
