import { type Category, categorySchema } from '@flashcards/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCards, IconCircleCheck, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { categoryLinks } from '../../../components/ui/category-card';
import { useFormatters } from '../../../lib/format';

/** The category just saved, as the save left it in the history entry; anything else is no category. */
export function useSavedCategory(): { category: Category | null; dismiss: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as { saved?: unknown } | null;
  const parsed = categorySchema.safeParse(state?.saved);
  return {
    category: parsed.success ? parsed.data : null,
    dismiss: () => navigate(location.pathname + location.search, { replace: true, state: null }),
  };
}

/** Says what was saved and leads on to its cards or its practice; it takes the focus as it appears. */
export function SavedNotice({ category, onClose }: { category: Category; onClose: () => void }) {
  const { t } = useTranslation('ai');
  const { number } = useFormatters();
  const ref = useRef<HTMLDivElement>(null);
  const links = categoryLinks(category);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="teal"
      variant="light"
      role="status"
      title={t('saved.title')}
      icon={<IconCircleCheck aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={t('saved.dismiss')}
      onClose={onClose}
    >
      <Text size="sm">
        {t('saved.text', {
          name: category.name,
          count: category.cards_len,
          formatted: number(category.cards_len),
        })}
      </Text>
      <Group gap="xs" mt="sm">
        <Button
          component={Link}
          to={links.study}
          size="xs"
          leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
        >
          {t('saved.study')}
        </Button>
        <Button
          component={Link}
          to={links.cards}
          size="xs"
          variant="default"
          leftSection={<IconCards size={14} aria-hidden="true" />}
        >
          {t('saved.open')}
        </Button>
      </Group>
    </Alert>
  );
}
