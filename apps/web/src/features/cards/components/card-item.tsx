import {
  cardPlainText,
  clozeNumbers,
  type KidsCard,
  type Occlusion,
  type PictureCard,
  type TextCard,
} from '@flashcards/contract';
import {
  ActionIcon,
  Badge,
  Box,
  Divider,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconEdit, IconPlayerPlay, IconPlayerStop, IconTrash, IconVolumeOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OccludedPicture } from '../../../components/occlusion/occluded-picture';
import { RichText } from '../../../components/rich-text/rich-text';
import { useFormatters } from '../../../lib/format';
import { languageName, shorten } from '../card-rules';
import { CardProgress } from './card-progress';

type Actions = { onEdit: () => void; onDelete: () => void };

function CardActions({ name, onEdit, onDelete }: Actions & { name: string }) {
  const { t } = useTranslation('cards');
  const label = shorten(cardPlainText(name));
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('card.edit')} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onEdit}
          aria-label={t('card.editNamed', { name: label })}
        >
          <IconEdit size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('card.delete')} withArrow>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={onDelete}
          aria-label={t('card.deleteNamed', { name: label })}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function Shell({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  return (
    <Paper component="article" withBorder radius="lg" p="md" shadow="xs">
      <Stack gap="sm" h="100%">
        {children}
        <Group justify="space-between" align="center" mt="auto" gap="xs" wrap="nowrap">
          {footer}
        </Group>
      </Stack>
    </Paper>
  );
}

function Tag({ tag }: { tag: string }) {
  const { t } = useTranslation('cards');
  return tag ? (
    <Badge variant="light" color="gray" tt="none" style={{ maxWidth: '100%' }}>
      <VisuallyHidden>{t('card.tagLabel')} </VisuallyHidden>
      {tag}
    </Badge>
  ) : (
    <span />
  );
}

export function TextCardItem({ card, ...actions }: { card: TextCard } & Actions) {
  const { t } = useTranslation(['cards', 'common']);
  // A cloze card: its text with the gaps' answers marked, then its note if it has one.
  const cloze = clozeNumbers(card.first_side).length > 0;
  return (
    <Shell
      footer={
        <>
          <Tag tag={card.tag} />
          <CardActions name={card.first_side} {...actions} />
        </>
      }
    >
      <Box>
        <Group gap="xs" justify="space-between">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t('card.firstSide')}
          </Text>
          {cloze && (
            <Badge size="sm" variant="light" tt="none">
              {t('common:richText.cloze')}
            </Badge>
          )}
        </Group>
        <Text component="div" fw={600} style={{ overflowWrap: 'anywhere' }} lineClamp={6}>
          <RichText text={card.first_side} />
        </Text>
      </Box>
      {card.second_side !== '' && (
        <>
          <Divider />
          <Box>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {cloze ? t('common:richText.extraLabel') : t('card.secondSide')}
            </Text>
            <Text component="div" style={{ overflowWrap: 'anywhere' }} lineClamp={6}>
              <RichText text={card.second_side} />
            </Text>
          </Box>
        </>
      )}
      <CardProgress card={card} />
    </Shell>
  );
}

function Thumbnail({ src, alt }: { src: string; alt: string }) {
  return (
    <Box
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-default-hover)',
        overflow: 'hidden',
      }}
    >
      <Image src={src} alt={alt} loading="lazy" decoding="async" h={160} fit="contain" />
    </Box>
  );
}

/** An image occlusion card in the list: its picture with the part it asks about in red. */
function OcclusionThumbnail({ src, occlusion }: { src: string; occlusion: Occlusion }) {
  const { t } = useTranslation('cards');
  return (
    <Stack gap={6}>
      <Box
        h={160}
        style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-default-hover)' }}
      >
        <OccludedPicture src={src} occlusion={occlusion} label={t('occlusion.listAlt')} />
      </Box>
      <Badge variant="light" color="orange" tt="none" w="fit-content">
        {t('occlusion.badge')}
      </Badge>
    </Stack>
  );
}

export function PictureCardItem({ card, ...actions }: { card: PictureCard } & Actions) {
  return (
    <Shell
      footer={
        <>
          <Tag tag={card.tag} />
          <CardActions name={card.second_side} {...actions} />
        </>
      }
    >
      {card.occlusion ? (
        <OcclusionThumbnail src={card.first_side_thumbnail_url} occlusion={card.occlusion} />
      ) : (
        <Thumbnail src={card.first_side_thumbnail_url} alt={cardPlainText(card.second_side)} />
      )}
      <Text component="div" fw={600} style={{ overflowWrap: 'anywhere' }} lineClamp={4}>
        <RichText text={card.second_side} />
      </Text>
      <CardProgress card={card} />
    </Shell>
  );
}

export function KidsCardItem({
  card,
  playing,
  onPlay,
  onStop,
  ...actions
}: { card: KidsCard; playing: boolean; onPlay: () => void; onStop: () => void } & Actions) {
  const { t, i18n } = useTranslation('cards');
  const { number } = useFormatters();
  const word = shorten(cardPlainText(card.second_side));
  return (
    <Shell
      footer={
        <>
          {card.audio_url ? (
            <ActionIcon
              size="lg"
              radius="xl"
              variant={playing ? 'filled' : 'light'}
              onClick={playing ? onStop : onPlay}
              aria-label={playing ? t('card.stopNamed', { word }) : t('card.playNamed', { word })}
            >
              {playing ? (
                <IconPlayerStop size={18} aria-hidden="true" />
              ) : (
                <IconPlayerPlay size={18} aria-hidden="true" />
              )}
            </ActionIcon>
          ) : (
            <Group gap={4} c="dimmed">
              <IconVolumeOff size={16} aria-hidden="true" />
              <Text size="xs">{t('card.noSound')}</Text>
            </Group>
          )}
          <CardActions name={card.second_side} {...actions} />
        </>
      }
    >
      <Thumbnail src={card.first_side_thumbnail_url} alt={cardPlainText(card.second_side)} />
      <Text component="div" fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} lineClamp={3}>
        <RichText text={card.second_side} />
      </Text>
      <Group gap="xs">
        <Badge variant="light" tt="none">
          {languageName(card.language, i18n.resolvedLanguage ?? 'en')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('card.listens', { count: card.listen_counts, formatted: number(card.listen_counts) })}
        </Text>
      </Group>
    </Shell>
  );
}
