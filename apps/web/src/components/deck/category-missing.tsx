import { Button, Text } from '@mantine/core';
import { IconCards } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../ui/message-page';

/** A category that is not there for this visitor: not theirs, not on the catalog, or never made. */
export function CategoryMissing({ text, back }: { text: string; back: { to: string; label: string } }) {
  const { t } = useTranslation('practice');
  return (
    <MessagePage
      icon={<IconCards size={36} />}
      title={t('notFound.title')}
      action={
        <Button component={Link} to={back.to}>
          {back.label}
        </Button>
      }
    >
      <Text size="lg">{text}</Text>
    </MessagePage>
  );
}
