import type { Affiliate } from '@flashcards/contract';
import { Button, CopyButton, Group, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/ui/section-card';

/** My referral link to share, with a copy button that says aloud when it has copied. */
export function ReferralLink({ affiliate }: { affiliate: Affiliate }) {
  const { t } = useTranslation('subscriptions');
  return (
    <SectionCard title={t('affiliates.linkTitle')}>
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
    </SectionCard>
  );
}
