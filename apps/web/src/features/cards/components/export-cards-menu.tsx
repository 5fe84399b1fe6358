import type { CardExportFormat, Category } from '@flashcards/contract';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/api-errors';
import { useExportCards } from '../api/card-files';

const FORMATS: CardExportFormat[] = ['apkg', 'csv', 'quizlet'];

/** Downloads the category's cards as an Anki deck, CSV or Quizlet's text (text and picture categories). */
export function ExportCardsMenu({ category }: { category: Category }) {
  const { t } = useTranslation('cards');
  const exporting = useExportCards();
  const errorMessage = useErrorMessage();

  const run = (format: CardExportFormat) =>
    exporting.mutate(
      { categoryId: category.id, format },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('export.failed'),
            message: errorMessage(error),
            closeButtonProps: { 'aria-label': t('actions.close') },
          }),
      },
    );

  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          rightSection={<IconChevronDown size={16} aria-hidden="true" />}
          loading={exporting.isPending}
          aria-label={t('export.label')}
        >
          {t('cards.export')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => run(format)}>
            {t(`export.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
