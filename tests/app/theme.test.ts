import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../../src/app/theme.ts';

/** WCAG 2.x contrast ratio of two sRGB colours given as `rgba(r, g, b, a)` or `#rrggbb`. */
function contrast(a: string, b: string): number {
  const channels = (color: string) =>
    color.startsWith('#') ? [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) : (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
  const luminance = (color: string) => {
    const [r = 0, g = 0, b2 = 0] = channels(color).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b2;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('theme contrast (light scheme)', () => {
  const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(resolved).light;

  it('a hovered filled primary button keeps white text at AA contrast', () => {
    const hover = light['--mantine-color-teal-filled-hover'];
    expect(hover).toBeDefined();
    expect(contrast(hover as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('a yellow outline alert (title and border) is AA on white', () => {
    const outline = light['--mantine-color-yellow-outline'];
    expect(outline).toBeDefined();
    expect(contrast(outline as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolved.colors.yellow[9], '#ffffff')).toBeLessThan(4.5);
  });

  it('the primary filled colour itself is AA under white text', () => {
    expect(contrast(resolved.colors.teal[9], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Mantine's own hover shade for primaryShade 9 would fail, which is why the resolver overrides it.
    expect(contrast(resolved.colors.teal[8], '#ffffff')).toBeLessThan(4.5);
  });
});
