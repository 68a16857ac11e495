import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
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
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar notificação' } } },
    Card: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Paper: { defaultProps: { withBorder: true } },
  },
});

/**
 * Mantine's dimmed text (gray 6) reads at 3.3:1 on white and less on the page's gray: below the
 * 4.5:1 WCAG AA asks for body text. Gray 7 reads above 7:1 on both.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] },
  dark: {},
});
