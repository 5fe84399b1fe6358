import type { User } from '@flashcards/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../ai-texts';
import { AiCategories } from '../components/ai-categories';
import { AiGate } from '../components/ai-gate';
import { GeneratePanel } from '../components/generate-panel';
import { GenerationProgress } from '../components/generation-progress';
import { QuotaSummary } from '../components/quota-summary';
import { ReviewPanel } from '../components/review-panel';
import { SavedNotice, useSavedCategory } from '../components/saved-notice';
import { useGeneration } from '../use-generation';

/** /ai-cards: generate cards from a topic or from photos, review and save them; my AI categories. */
export function AiCardsPage() {
  return <AiGate>{(user) => <AiCards user={user} />}</AiGate>;
}

function AiCards({ user }: { user: User }) {
  const { t } = useTranslation(['ai', 'pages']);
  const { draft, status, pollError } = useGeneration(user.id);
  const saved = useSavedCategory();
  const panelRef = useRef<HTMLElement>(null);
  const headingId = useId();

  // Whichever panel replaces the last (the form, the progress, the review) takes the focus with its
  // heading, so keyboard and screen reader users land where the page changed. Not on the first render.
  const phase = draft.task ? 'running' : draft.cards.length > 0 ? 'review' : 'generate';
  const shownPhase = useRef(phase);
  useEffect(() => {
    if (shownPhase.current === phase) return;
    shownPhase.current = phase;
    panelRef.current?.querySelector<HTMLElement>('[data-panel-heading]')?.focus();
  }, [phase]);

  const toGenerator = () => {
    panelRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    panelRef.current?.querySelector<HTMLElement>('[data-panel-heading]')?.focus({ preventScroll: true });
  };

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t('pages:titles.aiCards')}</Title>
        <Text c="dimmed" maw={720}>
          {t('intro')}
        </Text>
      </Stack>
      {saved.category && <SavedNotice category={saved.category} onClose={saved.dismiss} />}
      <QuotaSummary user={user} />
      <Paper
        ref={panelRef}
        component="section"
        aria-labelledby={headingId}
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        shadow="xs"
      >
        {phase === 'running' ? (
          <GenerationProgress status={status} pollError={pollError} headingId={headingId} />
        ) : phase === 'review' ? (
          <ReviewPanel owner={user.id} draft={draft} headingId={headingId} />
        ) : (
          <GeneratePanel user={user} draft={draft} headingId={headingId} />
        )}
      </Paper>
      <AiCategories onGenerate={toGenerator} />
    </Stack>
  );
}
