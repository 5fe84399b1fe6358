import type { TestQuestion } from '@flashcards/contract';
import { megabytes, PICTURE_MAX_BYTES } from '@flashcards/contract';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionPicture } from '../../../components/exam/question-picture';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { IMAGE_ACCEPT } from '../../../lib/image-files';
import { useRemoveQuestionPicture, useSetQuestionPicture } from '../api/tests';

/**
 * The picture above a saved question: chosen, replaced or removed at once (each its own call), with a
 * preview of the one it has.
 */
export function QuestionPictureField({ question }: { question: TestQuestion }) {
  const { t } = useTranslation('tests');
  const errorMessage = useErrorMessage();
  const labelId = useId();
  const set = useSetQuestionPicture();
  const remove = useRemoveQuestionPicture();
  const failed = set.error ?? remove.error;
  const busy = set.isPending || remove.isPending;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500}>
        {t('questions.picture')}
      </Text>
      <QuestionPicture question={question} />
      <Text size="xs" c="dimmed">
        {t('questions.pictureHint', { max: megabytes(PICTURE_MAX_BYTES) })}
      </Text>
      <Group gap="sm">
        <FileButton
          accept={IMAGE_ACCEPT}
          onChange={(file) => {
            remove.reset();
            if (file) set.mutate({ id: question.id, file });
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              loading={set.isPending}
              disabled={busy}
              leftSection={<IconPhoto size={16} aria-hidden="true" />}
            >
              {t(question.picture_url ? 'questions.pictureReplace' : 'questions.pictureChoose')}
            </Button>
          )}
        </FileButton>
        {question.picture_url && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            loading={remove.isPending}
            disabled={busy}
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={() => {
              set.reset();
              remove.mutate(question.id);
            }}
          >
            {t('questions.pictureRemove')}
          </Button>
        )}
      </Group>
      <FormError>{failed ? errorMessage(failed) : null}</FormError>
    </Stack>
  );
}
