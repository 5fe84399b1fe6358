import { timeZoneNames, type User } from '@flashcards/contract';
import {
  Avatar,
  Button,
  Fieldset,
  FileInput,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/form-error';
import { useFormatters } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';
import { emailOptIns, type Gender, profileChanges, profileForm, profileFormValues } from '../profile-changes';
import { FormModal } from './form-modal';
import { fullName } from './profile-avatar';
import '../../../lib/account-texts';

const genders: Gender[] = ['male', 'female', 'unset'];
const places = ['region', 'municipality', 'town', 'school'] as const;

export function EditProfileModal({
  user,
  opened,
  onClose,
}: {
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('editProfile.title')} size="lg">
      <EditProfileForm user={user} onDone={onClose} />
    </FormModal>
  );
}

/** A local preview of the chosen picture. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const update = useUpdateProfile();
  const [initial] = useState(() => profileFormValues(user));
  const [general, setGeneral] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: profileForm,
    initialValues: { ...initial, avatar: null as File | null },
  });
  const preview = usePreview(form.values.avatar);
  const { dateTime } = useFormatters();
  // The profile's zone stays a choice even if this browser does not list it.
  const zones = useMemo(() => {
    const names = timeZoneNames();
    return names.includes(user.time_zone) ? names : [user.time_zone, ...names];
  }, [user.time_zone]);
  const zoneLockedUntil = user.time_zone_changeable_at ? dateTime(user.time_zone_changeable_at) : null;
  const today = new Date().toISOString().slice(0, 10);

  const submit = form.submit(({ avatar, ...values }) => {
    setGeneral(null);
    const changes = profileChanges(initial, values, avatar);
    if (!changes) return onDone();
    update.mutate(changes, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('editProfile.saved') });
        onDone();
      },
      onError: (error) => setGeneral(form.showServerErrors(error)),
    });
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group align="flex-end" wrap="nowrap" gap="md">
          <Avatar
            src={preview ?? user.avatar_url}
            name={fullName(user) || user.email}
            color="indigo"
            variant="filled"
            size={64}
            radius={999}
            alt=""
            aria-hidden="true"
          />
          <FileInput
            label={t('editProfile.avatar')}
            description={t('editProfile.avatarHint')}
            accept="image/*"
            clearable
            {...form.getInputProps('avatar')}
            leftSection={<IconPhoto size={18} aria-hidden="true" />}
            style={{ flex: 1 }}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            data-autofocus
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            {...form.getInputProps('last_name')}
          />
          <TextInput
            label={t('profile.dateOfBirth')}
            type="date"
            max={today}
            autoComplete="bday"
            {...form.getInputProps('date_of_birth')}
          />
          <Radio.Group label={t('profile.gender')} {...form.getInputProps('gender')}>
            <Group gap="md" mt={8}>
              {genders.map((gender) => (
                <Radio key={gender} value={gender} label={t(`profile.genders.${gender}`)} />
              ))}
            </Group>
          </Radio.Group>
          {places.map((place) => (
            <TextInput key={place} label={t(`profile.${place}`)} {...form.getInputProps(place)} />
          ))}
        </SimpleGrid>
        <Select
          label={t('editProfile.timeZone')}
          description={
            zoneLockedUntil
              ? t('editProfile.timeZoneLocked', { date: zoneLockedUntil })
              : t('editProfile.timeZoneHint')
          }
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('editProfile.timeZoneNone')}
          disabled={zoneLockedUntil !== null}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('time_zone')}
        />
        <Fieldset legend={t('editProfile.emails')} radius="md">
          <Stack gap="sm">
            {emailOptIns.map((optIn) => (
              <Switch
                key={optIn}
                label={t(`editProfile.${optIn}`)}
                {...form.getInputProps(optIn, { type: 'checkbox' })}
              />
            ))}
          </Stack>
        </Fieldset>
        <FormError>{general}</FormError>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('editProfile.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('editProfile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
