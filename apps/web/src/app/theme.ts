import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs' } },
    Paper: { defaultProps: { withBorder: true } },
  },
});
