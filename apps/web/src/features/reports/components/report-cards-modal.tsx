import type { ReportCard, ReportRow } from '@flashcards/contract';
import { Badge, Group, Image, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/rich-text/rich-text';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { pageCount } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { useReportCards } from '../api/get-report-cards';
import { rowName, rowSource } from '../report-rows';

/** The per-card report of one row: each card with the student's answers per mode, 20 a page. */
export function ReportCardsModal({
  email,
  row,
  onClose,
}: {
  email: string;
  row: ReportRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('reports');
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? t('cards.title', { name: rowName(row) }) : ''}
      size={1000}
      closeButtonProps={{ 'aria-label': t('cards.close') }}
    >
      {row && <Cards email={email} row={row} />}
    </Modal>
  );
}

function Cards({ email, row }: { email: string; row: ReportRow }) {
  const { t } = useTranslation('reports');
  const [page, setPage] = useState(1);
  const cards = useReportCards(email, rowSource(row), page);
  const picture = row.type_of_cards === 'picture';

  return (
    <QueryState
      query={cards}
      keepData
      loading={
        <Stack gap="xs" aria-busy="true" aria-label={t('cards.loading')}>
          <Skeleton h={48} radius="md" />
          <Skeleton h={48} radius="md" />
          <Skeleton h={48} radius="md" />
        </Stack>
      }
      isEmpty={(found) => found.count === 0}
      empty={<Text c="dimmed">{t('cards.empty')}</Text>}
    >
      {(data) => (
        <Stack gap="md">
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs" aria-busy={cards.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columns.firstSide')}</Table.Th>
                  <Table.Th scope="col">{t('columns.secondSide')}</Table.Th>
                  <Table.Th scope="col">{t('columns.tag')}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('columns.rightVerbal')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('columns.wrongVerbal')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('columns.rightTyping')}
                  </Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t('columns.wrongTyping')}
                  </Table.Th>
                  <Table.Th scope="col">{t('columns.learned')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.results.map((card) => (
                  <CardRow key={card.id} card={card} picture={picture} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager page={page} pages={pageCount(data.count)} onChange={setPage} />
        </Stack>
      )}
    </QueryState>
  );
}

function CardRow({ card, picture }: { card: ReportCard; picture: boolean }) {
  const { t } = useTranslation('reports');
  const { number } = useFormatters();
  const scores = [
    card.guesses_score,
    card.incorrect_guesses_score,
    card.guesses_score_typing,
    card.incorrect_guesses_score_typing,
  ];
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400}>
        {picture && card.first_side_thumbnail_url ? (
          <Image
            src={card.first_side_thumbnail_url}
            alt={t('cards.picture')}
            h={56}
            w={56}
            fit="cover"
            radius="sm"
            loading="lazy"
            decoding="async"
          />
        ) : (
          <Text component="div" size="sm" style={{ overflowWrap: 'break-word' }} lineClamp={3}>
            <RichText text={card.first_side} />
          </Text>
        )}
      </Table.Th>
      <Table.Td>
        <Text component="div" size="sm" style={{ overflowWrap: 'break-word' }} lineClamp={3}>
          <RichText text={card.second_side} />
        </Text>
      </Table.Td>
      <Table.Td>
        {card.tag ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {card.tag}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('cards.noTag')}
          </Text>
        )}
      </Table.Td>
      {scores.map((score, index) => (
        // The four scores are always in this order.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
        <Table.Td key={index} ta="end" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {number(score)}
        </Table.Td>
      ))}
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {card.learned_verbal && (
            <Badge size="sm" color="teal.9" variant="filled" style={{ flexShrink: 0 }}>
              {t('modes.verbal')}
            </Badge>
          )}
          {card.learned_typing && (
            <Badge size="sm" color="indigo" variant="filled" style={{ flexShrink: 0 }}>
              {t('modes.typing')}
            </Badge>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
