import type { Category } from '@flashcards/contract';
import { Button, type ButtonProps } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { useFormatters } from '../../lib/format';
import { paths } from '../../lib/paths';
import '../../lib/review-texts';

/** "Review due cards (N)": the way into a category's spaced review; kids categories have none. */
export function ReviewDueButton({
  category,
  size,
  onlyWithCards = false,
}: {
  category: Category;
  size?: ButtonProps['size'];
  /** Shown only while there are due or new cards to review (the categories list, where space is short). */
  onlyWithCards?: boolean;
}) {
  const { t } = useTranslation('review');
  const { number } = useFormatters();
  if (category.type_of_cards === 'kids' || category.cards_len === 0) return null;
  const due = category.due_cards_len ?? 0;
  const fresh = category.new_review_cards_len ?? 0;
  if (onlyWithCards && due === 0 && fresh === 0) return null;
  const formatted = number(due);
  // Nothing due yet but cards never reviewed: the review starts with new ones, so it says so, not "(0)".
  const onlyNew = due === 0 && fresh > 0;
  return (
    <Button
      component={Link}
      to={generatePath(paths.review, { categoryId: String(category.id) })}
      size={size}
      variant={due > 0 ? 'filled' : 'default'}
      leftSection={<IconCalendarRepeat size={size === 'xs' ? 14 : 18} aria-hidden="true" />}
      aria-label={
        onlyNew
          ? t('entry.newNamed', { name: category.name })
          : t('entry.named', { name: category.name, formatted })
      }
    >
      {onlyNew ? t('entry.newButton') : t('entry.button', { formatted })}
    </Button>
  );
}
