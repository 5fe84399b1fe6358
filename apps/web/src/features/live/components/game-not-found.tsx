import { Button, Text } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessagePage } from '../../../components/ui/message-page';
import { paths } from '../../../lib/paths';

/** The game of a route's `:gameId`, or null when it cannot name one (a game id is a positive int4). */
export const gameIdOf = (param: string | undefined) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
};

/** A game that is not there (or not mine), with the way back to my games. */
export function GameNotFound() {
  const { t } = useTranslation('live');
  return (
    <MessagePage
      icon={<IconMoodSad size={36} aria-hidden="true" />}
      title={t('host.notFound')}
      action={
        <Button component={Link} to={paths.liveGames}>
          {t('host.myGames')}
        </Button>
      }
    >
      <Text>{t('host.notFoundText')}</Text>
    </MessagePage>
  );
}
