import type { Category, PrivateOffer } from '@flashcards/contract';
import { Alert, Badge, Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconExternalLink, IconInbox, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormError } from '../../../components/ui/form-error';
import { CardListSkeleton, PageHeading } from '../../../components/ui/page-heading';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { useConfirm } from '../../../components/ui/use-confirm';
import { useAddressPage, usePastTheEnd } from '../../../lib/address-page';
import { useErrorMessage } from '../../../lib/api-errors';
import { pageCount } from '../../../lib/deck-keys';
import { useFormatters } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useSuccessToast } from '../../../lib/use-success-toast';
import { useAcceptOffer } from '../api/accept-offer';
import { useDeclineOffer } from '../api/decline-offer';
import { useInbox } from '../api/get-inbox';
import '../social-texts';

const categoryPath = (category: Category) =>
  generatePath(category.type_of_cards === 'kids' ? paths.myKidsCards : paths.myCards, {
    categoryIdParam: String(category.id),
  });

/** /send-to-me-categories: categories people sent me, each to accept (a copy becomes mine) or decline. */
export function InboxPage() {
  const { t } = useTranslation(['social', 'pages', 'cards']);
  const { page, goTo, toFirst } = useAddressPage();
  const inbox = useInbox(page);
  const errorMessage = useErrorMessage();
  const toast = useSuccessToast();
  const accept = useAcceptOffer();
  const decline = useConfirm(useDeclineOffer(), {
    variables: (offer: PrivateOffer) => offer.id,
    done: (offer) => toast(t('inbox.declined', { name: offer.name })),
  });
  const [accepted, setAccepted] = useState<Category | null>(null);

  const pastTheEnd = usePastTheEnd(inbox, page, toFirst);

  const data = inbox.data;
  return (
    <Stack gap="lg">
      <PageHeading title={t('pages:titles.sendToMeCategories')} intro={t('inbox.intro')} />
      {accepted && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCheck aria-hidden="true" />}
          title={t('inbox.acceptedTitle', { name: accepted.name })}
          withCloseButton
          closeButtonLabel={t('cards:actions.close')}
          onClose={() => setAccepted(null)}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('inbox.acceptedText')}</Text>
            <Button
              component={Link}
              to={categoryPath(accepted)}
              size="xs"
              leftSection={<IconExternalLink size={14} aria-hidden="true" />}
            >
              {t('inbox.open', { name: accepted.name })}
            </Button>
          </Stack>
        </Alert>
      )}
      <FormError>{accept.isError ? errorMessage(accept.error) : null}</FormError>
      <QueryState
        query={inbox}
        waiting={pastTheEnd}
        keepData
        loading={<CardListSkeleton label={t('inbox.loading')} height={120} />}
        isEmpty={(page) => page.count === 0}
        empty={
          <EmptyState
            icon={<IconInbox size={32} aria-hidden="true" />}
            withIndicatorBackground
            title={t('inbox.empty')}
            description={t('inbox.emptyHint')}
          >
            <EmptyState.Actions>
              <Button component={Link} to={paths.friends} variant="default">
                {t('inbox.toFriends')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        }
      >
        {(data) => (
          <Stack gap="sm">
            {data?.results.map((offer) => (
              <OfferCard
                key={offer.id}
                offer={offer}
                accepting={accept.isPending && accept.variables === offer.id}
                busy={accept.isPending || decline.dialog.loading}
                onAccept={() => {
                  setAccepted(null);
                  accept.mutate(offer.id, {
                    onSuccess: (category) => {
                      setAccepted(category);
                      toast(t('inbox.accepted', { name: category.name }));
                    },
                  });
                }}
                onDecline={() => decline.ask(offer)}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <Pager page={page} pages={data ? pageCount(data.count) : 1} onChange={goTo} />
      <ConfirmModal
        {...decline.dialog}
        title={t('inbox.declineTitle', { name: decline.target?.name ?? '' })}
        confirmLabel={t('inbox.declineConfirm')}
        closeLabel={t('cards:actions.close')}
      >
        {t('inbox.declineText', { name: decline.target?.created_by_full_name ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}

function OfferCard({
  offer,
  accepting,
  busy,
  onAccept,
  onDecline,
}: {
  offer: PrivateOffer;
  accepting: boolean;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation(['social', 'cards']);
  const { number, date } = useFormatters();
  const headingId = useId();
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {offer.name}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={offer.type_of_cards === 'picture' ? 'grape' : undefined}>
              {t(`cards:types.${offer.type_of_cards}`)}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('cards:counts.cards', { count: offer.cards_length, formatted: number(offer.cards_length) })}
            </Text>
          </Group>
          <Text size="sm">
            {t('inbox.from', {
              name: offer.created_by_full_name || t('person.unnamed'),
              date: date(offer.created_at),
            })}
          </Text>
          {offer.description && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} lineClamp={3}>
              {offer.description}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconX size={16} aria-hidden="true" />}
            onClick={onDecline}
            disabled={busy}
          >
            {t('inbox.decline')}
          </Button>
          <Button
            leftSection={<IconCheck size={16} aria-hidden="true" />}
            onClick={onAccept}
            loading={accepting}
            disabled={busy && !accepting}
          >
            {t('inbox.accept')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
