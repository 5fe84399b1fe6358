import type { SchoolTestDetail } from '@flashcards/contract';
import { TEST_MAX_QUESTIONS } from '@flashcards/contract';
import { Alert, Anchor, Button, Divider, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconCopy, IconDeviceFloppy, IconLock, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { RequestError } from '../../../components/ui/request-error';
import { fieldErrorsOf, hasStatus, useErrorMessage } from '../../../lib/api-errors';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useCopyTest, useCreateQuestion, useCreateTest, useTest, useUpdateTest } from '../api/tests';
import { AssignExamModal } from '../components/assign-exam-modal';
import { GradeBandsPreview } from '../components/grade-bands-preview';
import { emptyQuestion, QuestionForm } from '../components/question-form';
import { QuestionList } from '../components/question-list';
import {
  bodyOfDraft,
  draftOfTest,
  emptyTestDraft,
  type TestDraft,
  TestFieldsForm,
  thresholdsOf,
} from '../components/test-fields-form';
import { PrintTestButton } from '../components/test-sharing';
import '../test-texts';
import { editorPath } from './tests-page';

/**
 * /school-test/create and /school-test/create/:schoolTestId: a test's fields with a live preview of its
 * grade bands, then its questions. A new test is saved first; its questions are added after.
 */
export function TestEditorPage() {
  const { schoolTestId } = useParams();
  const id = schoolTestId ? Number(schoolTestId) : null;
  const test = useTest(id);
  const { t } = useTranslation('tests');

  if (id === null) return <TestEditor key="new" test={null} />;
  if (test.isPending) return <Skeleton h={320} radius="md" aria-label={t('editor.loading')} />;
  if (test.isError)
    return (
      <Stack gap="md">
        <Title order={1}>{t('editor.editTitle')}</Title>
        <RequestError error={test.error} onRetry={() => test.refetch()} />
      </Stack>
    );
  return <TestEditor key={test.data.id} test={test.data} />;
}

function TestEditor({ test }: { test: SchoolTestDetail | null }) {
  const { t } = useTranslation(['tests', 'pages']);
  const { number } = useFormatters();
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const navigate = useNavigate();
  const create = useCreateTest();
  const update = useUpdateTest();
  const copy = useCopyTest();
  const addQuestion = useCreateQuestion();
  const [draft, setDraft] = useState<TestDraft>(() => (test ? draftOfTest(test) : emptyTestDraft));
  const [giving, give] = useDisclosure(false);
  const save = test ? update : create;
  const locked = test?.is_locked ?? false;
  const total = test?.total_score ?? 0;
  const full = (test?.questions.length ?? 0) >= TEST_MAX_QUESTIONS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOfDraft(draft);
    if (test)
      update.mutate(
        { id: test.id, body },
        { onSuccess: () => toast(t('editor.saved', { name: body.name })) },
      );
    else
      create.mutate(body, {
        onSuccess: (made) => {
          toast(t('editor.created', { name: made.name }));
          navigate(editorPath(made.id), { replace: true });
        },
      });
  };
  const copyToChange = () => {
    if (!test) return;
    copy.mutate(test.id, {
      onSuccess: (made) => {
        toast(t('copy.done', { name: test.name }));
        navigate(editorPath(made.id));
      },
    });
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.schoolTests} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden="true" />
          {t('editor.back')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{test ? t('editor.editTitle') : t('pages:titles.schoolTestCreate')}</Title>
        {test && (
          <Group gap="xs">
            <PrintTestButton test={test} />
            <Button
              leftSection={<IconSend size={18} aria-hidden="true" />}
              onClick={give.open}
              disabled={test.questions.length === 0}
            >
              {t('actions.giveAsExam')}
            </Button>
          </Group>
        )}
      </Group>
      {locked && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconLock aria-hidden="true" />}
          title={t('editor.lockedTitle')}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('editor.lockedText')}</Text>
            <Button
              size="xs"
              variant="white"
              leftSection={<IconCopy size={14} aria-hidden="true" />}
              onClick={copyToChange}
              loading={copy.isPending}
            >
              {t('editor.copyToChange')}
            </Button>
            <FormError>{copy.isError ? errorMessage(copy.error) : null}</FormError>
          </Stack>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form onSubmit={submit} noValidate aria-label={t('editor.fieldsLabel')}>
            <Stack gap="md">
              <TestFieldsForm
                value={draft}
                onChange={(next) => setDraft((current) => ({ ...current, ...next }))}
                errors={fieldErrorsOf(save.error)}
                thresholdsLocked={locked}
              />
              <FormError>
                {save.isError &&
                (hasStatus(save.error, 409) || Object.keys(fieldErrorsOf(save.error)).length === 0)
                  ? errorMessage(save.error)
                  : null}
              </FormError>
              <Group justify="flex-end">
                <Button
                  type="submit"
                  loading={save.isPending}
                  leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
                >
                  {test ? t('editor.save') : t('editor.create')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <GradeBandsPreview thresholds={thresholdsOf(draft)} total={total} />
        </Grid.Col>
      </Grid>
      <Divider />
      <Stack gap="md" component="section" aria-labelledby="questions-title">
        <Group justify="space-between">
          <Title order={2} size="h3" id="questions-title">
            {t('questions.title')}
          </Title>
          {test && (
            <Text size="sm" c="dimmed">
              {t('questions.summary', {
                count: test.questions.length,
                formatted: number(test.questions.length),
                points: number(test.total_score),
              })}
            </Text>
          )}
        </Group>
        {test ? (
          <>
            <QuestionList test={test} locked={locked} />
            {!locked &&
              (full ? (
                <Text size="sm" c="dimmed">
                  {t('questions.full', { max: TEST_MAX_QUESTIONS })}
                </Text>
              ) : (
                <QuestionForm
                  key={test.questions.length}
                  initial={emptyQuestion}
                  title={t('questions.addTitle', { position: test.questions.length + 1 })}
                  submitLabel={t('questions.add')}
                  saving={addQuestion.isPending}
                  serverErrors={fieldErrorsOf(addQuestion.error)}
                  formError={addQuestion.isError ? errorMessage(addQuestion.error) : null}
                  onSubmit={(body) => addQuestion.mutate({ test: test.id, body })}
                />
              ))}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('questions.saveFirst')}
          </Text>
        )}
      </Stack>
      {test && <AssignExamModal opened={giving} onClose={give.close} test={test} />}
    </Stack>
  );
}
