import type { Affiliate } from '@flashcards/contract';
import {
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** My referral link to share, with a copy button that says aloud when it has copied. */
export function ReferralLink({ affiliate }: { affiliate: Affiliate }) {
  const { t } = useTranslation('subscriptions');
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('affiliates.linkTitle')}
        </Title>
        <CopyButton value={affiliate.referral_link} timeout={3000}>
          {({ copied, copy }) => (
            <>
              <Group align="flex-end" gap="sm">
                <TextInput
                  label={t('affiliates.link')}
                  value={affiliate.referral_link}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  style={{ flex: '1 1 320px' }}
                />
                <Button
                  onClick={copy}
                  color={copied ? 'teal.9' : undefined}
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} aria-hidden="true" />
                    )
                  }
                >
                  {copied ? t('affiliates.copied') : t('affiliates.copy')}
                </Button>
              </Group>
              <VisuallyHidden role="status">{copied ? t('affiliates.copied') : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
        <Text size="sm">
          {t('affiliates.code')}{' '}
          <Text component="strong" fw={700} ff="monospace">
            {affiliate.affiliate_code}
          </Text>
        </Text>
      </Stack>
    </Paper>
  );
}
