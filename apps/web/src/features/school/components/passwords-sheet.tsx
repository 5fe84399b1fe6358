import type { InitialPassword } from '@flashcards/contract';
import { Alert, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { downloadText, passwordsSheet } from '../../../lib/csv';
import { paths } from '../../../lib/paths';
import { useSite } from '../../../lib/site';
import './passwords-print.css';

const nameOf = (person: InitialPassword) => `${person.first_name} ${person.last_name}`.trim() || person.email;

/**
 * The initial passwords of the accounts just created, shown once: a table, a CSV download and a print
 * view of one slip per person. Closing before saving them asks first, as they cannot be shown again.
 */
export function PasswordsSheet({ people, onClose }: { people: InitialPassword[]; onClose: () => void }) {
  const { t } = useTranslation(['school', 'cards']);
  const [saved, setSaved] = useState(false);
  const [asking, setAsking] = useState(false);

  const close = () => (saved ? onClose() : setAsking(true));
  const download = () => {
    const header = [
      t('sheet.csvHeader.first'),
      t('sheet.csvHeader.last'),
      t('sheet.csvHeader.email'),
      t('sheet.csvHeader.password'),
    ] as const;
    downloadText(t('sheet.file'), passwordsSheet(header, people));
    setSaved(true);
  };
  const print = () => {
    window.print();
    setSaved(true);
  };

  return (
    <>
      <Modal
        opened
        onClose={close}
        title={t('sheet.title')}
        size="xl"
        radius="lg"
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('cards:actions.close') }}
      >
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
            {t('sheet.warning')}
          </Alert>
          <Text>{t('sheet.intro')}</Text>
          <ScrollArea.Autosize mah={360} type="auto">
            <Table striped withTableBorder stickyHeader aria-label={t('sheet.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('sheet.name')}</Table.Th>
                  <Table.Th>{t('sheet.email')}</Table.Th>
                  <Table.Th>{t('sheet.password')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {people.map((person) => (
                  <Table.Tr key={person.id}>
                    <Table.Td>{nameOf(person)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{person.email}</Table.Td>
                    <Table.Td ff="monospace">{person.password}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {asking ? (
            <Alert color="red" variant="light" title={t('sheet.confirmTitle')} role="alertdialog">
              <Stack gap="sm">
                <Text size="sm">{t('sheet.confirmText')}</Text>
                <Group gap="sm">
                  <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
                    {t('sheet.keepOpen')}
                  </Button>
                  <Button color="red" onClick={onClose}>
                    {t('sheet.closeAnyway')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Group justify="space-between" gap="sm">
              <Group gap="sm">
                <Button leftSection={<IconDownload size={16} aria-hidden="true" />} onClick={download}>
                  {t('sheet.download')}
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconPrinter size={16} aria-hidden="true" />}
                  onClick={print}
                >
                  {t('sheet.print')}
                </Button>
              </Group>
              <Button variant="default" onClick={close}>
                {t('sheet.close')}
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
      {createPortal(<PrintSlips people={people} />, document.body)}
    </>
  );
}

/** One slip per person, to cut and hand out: where to sign in, the e-mail and the initial password. */
function PrintSlips({ people }: { people: InitialPassword[] }) {
  const { t } = useTranslation('school');
  const site = useSite().data?.name ?? window.location.host;
  const address = `${window.location.origin}${paths.login}`;
  return (
    <div className="school-print" aria-hidden="true">
      {people.map((person) => (
        <section key={person.id} className="school-print-slip">
          <h2>
            {nameOf(person)} · {t('sheet.slipTitle', { site })}
          </h2>
          <dl>
            <dt>{t('sheet.slipAddress')}</dt>
            <dd>{address}</dd>
            <dt>{t('sheet.slipEmail')}</dt>
            <dd>{person.email}</dd>
            <dt>{t('sheet.slipPassword')}</dt>
            <dd>{person.password}</dd>
          </dl>
          <p>{t('sheet.slipNote')}</p>
        </section>
      ))}
    </div>
  );
}
