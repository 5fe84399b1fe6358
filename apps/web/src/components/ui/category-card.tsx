import { type Category, LIVE_CHOICES } from '@flashcards/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowMerge,
  IconCards,
  IconCloudDownload,
  IconDeviceGamepad2,
  IconDotsVertical,
  IconEdit,
  IconPlayerPlay,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { useFormatters } from '../../lib/format';
import { paths } from '../../lib/paths';
import { CatalogStatusBadge } from '../catalog/catalog-status-badge';
import { studyAddress } from '../deck/practice-settings';
import { ReviewDueButton } from '../review/review-due-button';

export type CategoryAction = 'edit' | 'reset' | 'merge' | 'offline' | 'delete';

/** Where a category's cards are listed and practised. */
export function categoryLinks(category: Category) {
  const categoryIdParam = String(category.id);
  const cards =
    category.type_of_cards === 'kids'
      ? generatePath(paths.myKidsCards, { categoryIdParam })
      : generatePath(paths.myCards, { categoryIdParam });
  const practice = {
    text: paths.flashCardsText,
    picture: paths.flashCardsPicture,
    kids: paths.flashCardsKids,
  }[category.type_of_cards];
  const practicePath = generatePath(practice, { categoryId: categoryIdParam });
  // One click starts studying, as the last session was set; kids practice has no settings.
  return { cards, study: category.type_of_cards === 'kids' ? practicePath : studyAddress(practicePath) };
}

function Learned({ label, learned, total }: { label: string; learned: number; total: number }) {
  const { number } = useFormatters();
  const share = total > 0 ? Math.round((learned / total) * 100) : 0;
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="xs" fw={600}>
          {number(learned)} / {number(total)}
        </Text>
      </Group>
      <Progress
        value={share}
        size="sm"
        radius="xl"
        aria-label={label}
        color={share === 100 ? 'teal' : undefined}
      />
    </Stack>
  );
}

/** Where a live game of a category is opened: the new game's form, with the category chosen. */
export const liveGameAddress = (category: Category) => `${paths.liveGames}?category=${category.id}`;

/**
 * One of my categories in a grid: name, kind, learned counts, and links to its cards and its practice;
 * with `onAction`, a menu of its maintenance (the categories pages), else none (lists that only lead on).
 */
export function CategoryCard({
  category,
  onAction,
  headingOrder = 2,
}: {
  category: Category;
  onAction?: (action: CategoryAction, category: Category) => void;
  /** The level of the name's heading: one below the heading of the list it is in. */
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation('cards');
  const { date, number } = useFormatters();
  const headingId = useId();
  const links = categoryLinks(category);
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="md" shadow="xs">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} miw={0}>
            <Title order={headingOrder} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={links.cards} inherit>
                {category.name}
              </Anchor>
            </Title>
            <Group gap="xs">
              <Badge variant="light" color={category.type_of_cards === 'picture' ? 'grape' : undefined}>
                {t(`types.${category.type_of_cards}`)}
              </Badge>
              <CatalogStatusBadge category={category} hideUnpublished />
              {category.adopted_from !== null && category.market_update_available && (
                <Badge variant="filled" color="teal.9">
                  {t('category.updateAvailable')}
                </Badge>
              )}
              <Text size="sm" c="dimmed">
                {t('counts.cards', { count: category.cards_len, formatted: number(category.cards_len) })}
              </Text>
            </Group>
          </Stack>
          {onAction && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('category.actionsFor', { name: category.name })}
                >
                  <IconDotsVertical size={20} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconEdit size={16} aria-hidden="true" />}
                  onClick={() => onAction('edit', category)}
                >
                  {t('category.edit')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconRefresh size={16} aria-hidden="true" />}
                  onClick={() => onAction('reset', category)}
                >
                  {t('category.reset')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconArrowMerge size={16} aria-hidden="true" />}
                  onClick={() => onAction('merge', category)}
                >
                  {t('category.merge')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconCloudDownload size={16} aria-hidden="true" />}
                  onClick={() => onAction('offline', category)}
                >
                  {t('offline.menu')}
                </Menu.Item>
                {category.cards_len >= LIVE_CHOICES && (
                  <Menu.Item
                    component={Link}
                    to={liveGameAddress(category)}
                    leftSection={<IconDeviceGamepad2 size={16} aria-hidden="true" />}
                  >
                    {t('category.playLive')}
                  </Menu.Item>
                )}
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden="true" />}
                  onClick={() => onAction('delete', category)}
                >
                  {t('category.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {category.description && (
          <Text size="sm" lineClamp={2}>
            {category.description}
          </Text>
        )}
        {/* Kids cards are listened to, not practised verbally or by typing: they have no learned counts. */}
        {category.type_of_cards !== 'kids' && (
          <Stack gap={6}>
            <Learned
              label={t('category.learnedVerbal')}
              learned={category.learned_cards_verbal_len}
              total={category.cards_len}
            />
            <Learned
              label={t('category.learnedTyping')}
              learned={category.learned_cards_typing_len}
              total={category.cards_len}
            />
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          {t('category.created', { date: date(category.created_at) })}
        </Text>
        <Group justify="flex-end" mt="auto" gap="xs">
          {category.cards_len > 0 && (
            <Button
              component={Link}
              to={links.study}
              size="xs"
              leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
              aria-label={t('category.studyNamed', { name: category.name })}
            >
              {t('category.study')}
            </Button>
          )}
          <ReviewDueButton category={category} size="xs" onlyWithCards />
          <Button
            component={Link}
            to={links.cards}
            size="xs"
            variant="light"
            leftSection={<IconCards size={14} aria-hidden="true" />}
            aria-label={t('category.openNamed', { name: category.name })}
          >
            {t('category.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A page of category cards, dimmed and marked busy while the next page loads in its place. */
export function CategoryGrid({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      aria-busy={busy || undefined}
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      {children}
    </SimpleGrid>
  );
}

/** Stands in for a grid of category cards while it loads. */
export function CategoryGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={index} withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Skeleton height={22} width="60%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={8} />
            <Skeleton height={8} />
            <Skeleton height={26} width="50%" ml="auto" />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
