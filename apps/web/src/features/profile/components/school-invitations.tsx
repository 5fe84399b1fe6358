import type { SchoolInvitation } from '@flashcards/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconSchool, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useErrorMessage } from '../../../lib/api-errors';
import { useAnswerInvitation, useSchoolInvitations } from '../api/school-invitations';
import '../../../lib/account-texts';

/**
 * The schools that invited my account and wait for my answer: nothing changes for me until I accept one
 * (then its teachers reach me); declining ends the invitation. Nothing is shown when there is none.
 */
export function SchoolInvitations() {
  const invitations = useSchoolInvitations();
  // Held here, not in a card: the answered card goes away before the answer's toast is shown.
  const answer = useAnswerInvitation();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <Stack gap="sm">
      {invitations.data.map((invitation) => (
        <InvitationCard key={invitation.id} invitation={invitation} answer={answer} />
      ))}
    </Stack>
  );
}

function InvitationCard({
  invitation,
  answer,
}: {
  invitation: SchoolInvitation;
  answer: ReturnType<typeof useAnswerInvitation>;
}) {
  const { t } = useTranslation('account');
  const errorMessage = useErrorMessage();
  const school = invitation.school.name;
  const mine = answer.variables?.id === invitation.id;
  const inviter = invitation.invited_by
    ? `${invitation.invited_by.first_name} ${invitation.invited_by.last_name}`.trim()
    : '';
  const headingId = `school-invitation-${invitation.id}`;
  const reply = (accept: boolean) =>
    answer.mutate(
      { id: invitation.id, accept },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: t(accept ? 'schoolInvitation.accepted' : 'schoolInvitation.declined', { school }),
          }),
      },
    );
  const role = invitation.is_teacher ? 'teacher' : 'student';
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconSchool size={24} aria-hidden="true" />
          <Title order={2} size="h4" id={headingId}>
            {t('schoolInvitation.title', { school })}
          </Title>
        </Group>
        <Text>
          {inviter
            ? t(`schoolInvitation.textBy_${role}`, { school, inviter })
            : t(`schoolInvitation.text_${role}`, { school })}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`schoolInvitation.consequences_${role}`)}
        </Text>
        {mine && answer.isError && <FormError>{errorMessage(answer.error)}</FormError>}
        <Group gap="sm">
          <Button
            leftSection={<IconCheck size={18} aria-hidden="true" />}
            loading={mine && answer.isPending && answer.variables?.accept === true}
            disabled={answer.isPending}
            onClick={() => reply(true)}
          >
            {t('schoolInvitation.accept')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={18} aria-hidden="true" />}
            loading={mine && answer.isPending && answer.variables?.accept === false}
            disabled={answer.isPending}
            onClick={() => reply(false)}
          >
            {t('schoolInvitation.decline')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
