import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ComponentType, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FlipCard } from '../../../components/ui/flip-card';
import { BulgariaFlag, GermanyFlag, ItalyFlag } from './flags';

const capitalCards = [
  { country: 'bulgaria', capital: 'sofia' },
  { country: 'france', capital: 'paris' },
  { country: 'japan', capital: 'tokyo' },
] as const;

const flagCards = [
  { country: 'bulgaria', Flag: BulgariaFlag },
  { country: 'italy', Flag: ItalyFlag },
  { country: 'germany', Flag: GermanyFlag },
] as const satisfies readonly { country: string; Flag: ComponentType }[];

function Side({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <>
      {children}
      <Text component="span" size="sm" fw={500}>
        {caption}
      </Text>
    </>
  );
}

function Word({ children }: { children: string }) {
  return (
    <Text component="span" fz={28} fw={800} lh={1.2}>
      {children}
    </Text>
  );
}

/** Six sample cards: three countries to capitals, three flags to countries. */
export function DemoCards() {
  const { t } = useTranslation('home');
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId}>
        {t('demo.title')}
      </Title>
      <Text c="dimmed">{t('demo.hint')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" mt="sm">
        {capitalCards.map(({ country, capital }) => (
          <FlipCard
            key={`capital-${country}`}
            front={
              <Side caption={t('demo.capitalPrompt')}>
                <Word>{t(`demo.countries.${country}`)}</Word>
              </Side>
            }
            back={
              <Side caption={t('demo.capitalAnswer')}>
                <Word>{t(`demo.capitals.${capital}`)}</Word>
              </Side>
            }
          />
        ))}
        {flagCards.map(({ country, Flag }) => (
          <FlipCard
            key={`flag-${country}`}
            front={
              <Side caption={t('demo.flagPrompt')}>
                <Flag />
              </Side>
            }
            back={
              <Side caption={t('demo.countryAnswer')}>
                <Word>{t(`demo.countries.${country}`)}</Word>
              </Side>
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
