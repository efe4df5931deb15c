import { type CSSVariablesResolver, createTheme, darken } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  // teal.9 on white is 5:1 (teal.8 is only 3.9:1): buttons and links meet WCAG AA contrast.
  primaryShade: { light: 9, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

/**
 * Mantine's default "dimmed" grey (gray.6, #868e96) is 3.3:1 on white and its error red
 * (red.6, #fa5252) 3.3:1; WCAG AA needs 4.5:1 for text, so the light scheme uses gray.7 and red.9.
 * A yellow outline alert's title is darkened for the same reason.
 * A subtle button's hover background is teal.0, not teal.2, so its teal.9 text stays AA.
 * A filled button's hover is one shade lighter when the primary shade is 9 (teal.8, 3.9:1 under
 * white text), so the primary hover goes darker instead.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-teal-filled-hover': darken(resolved.colors.teal[9], 0.15),
    // A subtle or light button's hover (the top bar's links): teal.9 text is 3.8:1 on teal.2, 4.7:1 on teal.0.
    '--mantine-color-teal-light-hover': resolved.colors.teal[0],
    // Outline alerts of things not done yet ("still being confirmed", "not sent yet"): yellow.9
    // text is 3:1 on white; a third darker it is AA.
    '--mantine-color-yellow-outline': darken(resolved.colors.yellow[9], 0.3),
  },
  dark: {},
});
