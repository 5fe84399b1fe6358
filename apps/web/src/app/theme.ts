import { createTheme } from '@mantine/core';

// Shade 7 (light) and 8 (dark) keep white text on filled buttons above the AA contrast ratio.
export const mantineTheme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  headings: { fontWeight: '800' },
});
