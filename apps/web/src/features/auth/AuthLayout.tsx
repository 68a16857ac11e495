import { Box, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconDroplet, IconFileCertificate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BRAND } from '../../app/branding.ts';
import { Logo } from '../../ui/Logo.tsx';
import classes from './AuthLayout.module.css';

const HIGHLIGHTS = [
  { icon: IconBolt, text: 'Novas unidades e troca de titularidade de energia' },
  { icon: IconDroplet, text: 'Novas matrículas e troca de titularidade de água' },
  { icon: IconFileCertificate, text: 'Regularização de CNPJ e razão social nas faturas' },
];

interface Props {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame of the sign-in and password screens: a brand panel and one centered form. */
export function AuthLayout({ title, subtitle, children }: Props) {
  return (
    <div className={classes.root}>
      <aside className={classes.hero}>
        <Logo inverted />
        <Stack gap="lg" maw={440}>
          <Title order={2} c="white" fz={30} lh={1.2}>
            Solicitações de unidades consumidoras em um só lugar
          </Title>
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <Box key={text} style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
              <ThemeIcon variant="white" size={36} radius="xl" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Text c="brand.0">{text}</Text>
            </Box>
          ))}
        </Stack>
        <Text size="xs" c="brand.1">
          © {new Date().getFullYear()} {BRAND.company}
        </Text>
      </aside>
      <main className={classes.content}>
        <Paper className={classes.card} p={{ base: 'lg', sm: 36 }} radius="lg" shadow="md">
          <Box hiddenFrom="md" mb="xl">
            <Logo />
          </Box>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </main>
    </div>
  );
}
