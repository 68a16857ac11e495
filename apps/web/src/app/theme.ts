import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { readableOn } from './contrast.ts';
import classes from './theme.module.css';

const brand: MantineColorsTuple = [
  '#e8f1ff',
  '#d0dffc',
  '#a0bcf4',
  '#6c96ec',
  '#4276e5',
  '#2862e2',
  '#1957e1',
  '#0a48c8',
  '#003fb4',
  '#00369f',
];

export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '650',
  },
  // A ring on every control the keyboard reaches (issue 15 item 8); fields get theirs in theme.module.css.
  focusRing: 'auto',
  components: {
    // Links inside text are underlined: colour alone does not tell them apart (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Input: { classNames: { input: classes.input } },
    // Mantine's close buttons carry only an icon: without a name a screen reader says "button".
    // Not just 'Fechar': a dialog's own 'Fechar' button would share the name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar janela' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar menu' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar notificação' } } },
    // The × of a clearable select or date picker, and the password's eye, named in Portuguese.
    InputClearButton: { defaultProps: { 'aria-label': 'Limpar' } },
    // The placeholder that takes the first focus is a role="presentation" element with a tabindex,
    // which a menu may not hold (axe aria-required-children); the first item takes the focus instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A loader is announced ("Carregando…"): a name needs a role, a bare span may not carry one.
    Loader: { defaultProps: { role: 'status' } },
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Mostrar ou ocultar a senha' } },
    },
    Card: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Paper: { defaultProps: { withBorder: true } },
  },
});

/**
 * Text colours that read at 4.5:1 (WCAG AA, issue 15 item 8). Mantine's defaults do not: dimmed
 * text (gray 6) reads at 3.3:1 on white, errors (red 6) at 3.3:1, white on a filled green or
 * yellow button at 2.4:1 and 1.9:1, a light badge's shade 9 on shade 1 at 2.8:1 for yellow. Per
 * palette: the filled colour (buttons, badges, `c="red"` text, outlines) is the first shade from 6
 * that white reads on and that reads on white and the page's gray; a light variant's text, the
 * first shade from 9 that reads on its shade-1 background.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': t.colors.gray[7],
    // Mantine's gray 5 reads at 2:1; a placeholder is text too (a date picker's 'dd/mm/aaaa').
    '--mantine-color-placeholder': readableOn(['#ffffff', t.colors.gray[0]], [t.colors.gray[6]]),
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    const filled = readableOn(['#ffffff', t.colors.gray[0]], shades.slice(6));
    const lightText = readableOn([shades[1]], shades.slice(9));
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = lightText;
  }
  light['--mantine-color-error'] = light['--mantine-color-red-filled']!;
  return { variables: {}, light, dark: {} };
};
