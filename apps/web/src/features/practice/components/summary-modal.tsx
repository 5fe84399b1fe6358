import { Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatters } from '../../../lib/format';

export type Summary = { correct: number; wrong: number; learned: number };

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={0} align="center" ta="center">
      <Text fz={32} fw={800} lh={1.1} c={color}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** "Save results": waits for the answers still on their way, then sums the session up. */
export function SummaryModal({
  opened,
  summary,
  cardsPath,
  backLabel,
  onClose,
}: {
  opened: boolean;
  /** Null while the last answers are being saved. */
  summary: Summary | null;
  cardsPath: string;
  /** The name of the way back ("Back to the cards" unless given). */
  backLabel?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('practice');
  const { number } = useFormatters();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('summary.title')}
      radius="lg"
      // Keep practising goes back to the card, not to the button that opened this.
      returnFocus={false}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {summary ? (
        <Stack gap="lg">
          <Text>{t('summary.intro')}</Text>
          <SimpleGrid cols={3} spacing="sm">
            <Figure label={t('summary.correct')} value={number(summary.correct)} color="teal" />
            <Figure label={t('summary.wrong')} value={number(summary.wrong)} color="red" />
            <Figure label={t('summary.learned')} value={number(summary.learned)} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('summary.keepGoing')}
            </Button>
            <Button component={Link} to={cardsPath} data-autofocus>
              {backLabel ?? t('summary.back')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('summary.saving')}</Text>
        </Group>
      )}
    </Modal>
  );
}
