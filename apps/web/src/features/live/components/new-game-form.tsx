import { LIVE_QUESTION_SECONDS, LIVE_QUESTIONS } from '@flashcards/contract';
import {
  Alert,
  Anchor,
  Button,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { hasStatus, useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateLiveGame } from '../api/create-live-game';
import { useLiveTest } from '../api/get-live-test';
import { usePlayableCategories } from '../api/get-playable-categories';
import {
  type GameSource,
  type NewGameValues,
  newGameBody,
  newGameDefaults,
  newGameForm,
  teamChoices,
  testGameForm,
} from '../live-form';

/**
 * A new game of one of my categories (how many questions) or of one of my tests: how long each question
 * stays open, teams and the streak bonus. The game opens in its lobby, on the host's screen.
 */
export function NewGameForm({ source }: { source: GameSource }) {
  const { t } = useTranslation(['live', 'errors']);
  const { number } = useFormatters();
  const navigate = useNavigate();
  const ofTest = source.kind === 'test';
  const category = source.kind === 'category' ? source.id : null;
  const categories = usePlayableCategories(!ofTest);
  const create = useCreateLiveGame();
  const [general, setGeneral] = useState<string | null>(null);
  const form = useSchemaForm<NewGameValues>({
    schema: ofTest ? testGameForm : newGameForm,
    initialValues: newGameDefaults(category ? String(category) : ''),
  });

  // The category named in the address, once the list shows whether it can be played.
  const offered = categories.data ?? [];
  const named = category !== null && offered.some((item) => item.id === category);
  const tooSmall = category !== null && categories.isSuccess && !named;
  const { setFieldValue } = form;
  useEffect(() => {
    if (tooSmall) setFieldValue('category', '');
  }, [tooSmall, setFieldValue]);

  const submit = form.submit((values) => {
    setGeneral(null);
    create.mutate(newGameBody(values, source), {
      onSuccess: (game) => navigate(generatePath(paths.liveHost, { gameId: String(game.id) })),
      onError: (error) => setGeneral(form.showServerErrors(error)),
    });
  });

  return (
    <Paper withBorder radius="lg" p="lg">
      <form ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="new-live-game">
        <Stack gap="md">
          <Title order={2} size="h3" id="new-live-game">
            {t('form.title')}
          </Title>
          {tooSmall && <Alert color="yellow">{t('errors:live_too_few_cards')}</Alert>}
          {ofTest ? (
            <TestSource id={source.id} />
          ) : (
            <NativeSelect
              label={t('form.category')}
              required
              disabled={categories.isPending}
              description={
                categories.isSuccess && offered.length === 0 ? t('form.noCategories') : t('form.categoryHint')
              }
              data={[
                {
                  value: '',
                  label: categories.isPending ? t('form.loadingCategories') : t('form.chooseCategory'),
                },
                ...offered.map((item) => ({
                  value: String(item.id),
                  label: t('form.categoryOption', {
                    name: item.name,
                    count: item.cards_len,
                    formatted: number(item.cards_len),
                  }),
                })),
              ]}
              {...form.getInputProps('category')}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: ofTest ? 2 : 3 }} spacing="md">
            {!ofTest && (
              <NumberInput
                label={t('form.questions')}
                description={t('form.questionsHint', { min: LIVE_QUESTIONS.min, max: LIVE_QUESTIONS.max })}
                required
                min={LIVE_QUESTIONS.min}
                max={LIVE_QUESTIONS.max}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                {...form.getInputProps('questions')}
              />
            )}
            <NumberInput
              label={t('form.seconds')}
              description={t('form.secondsHint', {
                min: LIVE_QUESTION_SECONDS.min,
                max: LIVE_QUESTION_SECONDS.max,
              })}
              required
              min={LIVE_QUESTION_SECONDS.min}
              max={LIVE_QUESTION_SECONDS.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              {...form.getInputProps('question_seconds')}
            />
            <NativeSelect
              label={t('form.teams')}
              description={t('form.teamsHint')}
              data={teamChoices.map((teams) => ({
                value: String(teams),
                label: teams === 0 ? t('form.noTeams') : t('form.teamCount', { count: teams }),
              }))}
              {...form.getInputProps('teams')}
            />
          </SimpleGrid>
          <Switch
            label={t('form.streak')}
            description={t('form.streakHint')}
            {...form.getInputProps('streak_bonus', { type: 'checkbox' })}
          />
          <FormError>{general}</FormError>
          <Button
            type="submit"
            size="md"
            loading={create.isPending}
            leftSection={<IconPlayerPlay size={18} aria-hidden="true" />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/** The test a game is made of, named, with the way back to choosing a category. */
function TestSource({ id }: { id: number }) {
  const { t } = useTranslation('live');
  const errorMessage = useErrorMessage();
  const test = useLiveTest(id);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('form.test')}
      </Text>
      {test.isError ? (
        <Alert color="red">
          {hasStatus(test.error, 404) ? t('form.testNotFound') : errorMessage(test.error)}
        </Alert>
      ) : (
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {test.data?.name ?? t('form.loadingTest')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('form.testHint')}
      </Text>
      <Anchor component={Link} to={paths.liveGames} size="sm" w="fit-content">
        {t('form.categoryInstead')}
      </Anchor>
    </Stack>
  );
}
