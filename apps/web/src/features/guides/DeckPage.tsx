import { Button, Card, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { GuideAudience } from '@portal/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { DECKS } from './content.ts';
import { DECK_TEXT } from './decks.ts';

/** One audience's presentation: a slide at a time, with buttons and the arrow keys. */
export function DeckPage({ audience }: { audience: GuideAudience }) {
  const { title } = DECKS[audience];
  const deck = DECK_TEXT[audience];
  const [index, setIndex] = useState(0);
  const last = deck.slides.length - 1;
  const go = (to: number) => setIndex(Math.min(Math.max(to, 0), last));
  useHotkeys([
    ['ArrowRight', () => go(index + 1)],
    ['ArrowLeft', () => go(index - 1)],
  ]);
  const slide = deck.slides[index]!;

  return (
    <Stack maw={900} gap="md">
      <Title order={1} fz={26}>
        {title}
      </Title>
      <Card
        withBorder
        radius="md"
        p="xl"
        mih={320}
        component="section"
        aria-roledescription="slide"
        aria-label={slide.title}
      >
        <Stack gap="lg">
          <Title order={2} fz={24} c="brand.8">
            {slide.title}
          </Title>
          <List spacing="sm" size="lg">
            {slide.points.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Stack>
      </Card>
      <Progress value={((index + 1) / deck.slides.length) * 100} size="sm" aria-hidden />
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={18} />}
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          Anterior
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite">
          {`Slide ${index + 1} de ${deck.slides.length}`}
        </Text>
        <Button
          rightSection={<IconChevronRight size={18} />}
          disabled={index === last}
          onClick={() => go(index + 1)}
        >
          Próximo
        </Button>
      </Group>
    </Stack>
  );
}
