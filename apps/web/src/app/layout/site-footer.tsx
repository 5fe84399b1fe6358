import type { SocialLink } from '@flashcards/contract';
import type { resources } from '@flashcards/i18n';
import { ActionIcon, Anchor, Container, Group, Stack, Text } from '@mantine/core';
import {
  type Icon,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PageName, paths } from '../../lib/paths';
import { useIsSignedIn } from '../../lib/session';
import { useDemoVideosShown, useSalesShown, useSite } from '../../lib/site';

type FooterPage = PageName & keyof (typeof resources)['en']['shell']['footer']['links'];

const signedInLinks: FooterPage[] = [
  'demoVideosPrivate',
  'pricing',
  'subscriptions',
  'home',
  'profile',
  'market',
  'sendToMeCategories',
  'affiliates',
  'logout',
];
const signedOutLinks: FooterPage[] = ['home', 'login', 'signup', 'marketPublic', 'pricing'];
const legalLinks: FooterPage[] = ['termsOfUsage', 'privacyPolicy', 'cookiesPolicy', 'affiliatesRules'];
/** What a server where everyone is premium leaves out: there is nothing to buy or earn commission on. */
const salesLinks = new Set<FooterPage>(['pricing', 'subscriptions', 'affiliates', 'affiliatesRules']);
/** Left out while the deployment has no demo videos. */
const videoLinks = new Set<FooterPage>(['demoVideosPrivate']);

const networkIcons: Record<SocialLink['network'], Icon> = {
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
  linkedin: IconBrandLinkedin,
  x: IconBrandX,
};

export function SiteFooter() {
  const { t } = useTranslation(['shell', 'common']);
  const signedIn = useIsSignedIn();
  const site = useSite().data;
  const name = site?.name ?? t('common:appName');
  const sales = useSalesShown();
  const videos = useDemoVideosShown();
  const shown = (pages: FooterPage[]) =>
    pages.filter((page) => (sales || !salesLinks.has(page)) && (videos || !videoLinks.has(page)));
  return (
    <Container component="footer" size="lg" px={0} py="xl">
      <Stack gap="md">
        <FooterLinks label={t('footer.siteLinks')} pages={shown(signedIn ? signedInLinks : signedOutLinks)} />
        <FooterLinks label={t('footer.legalLinks')} pages={shown(legalLinks)} />
        {site?.contact_email && (
          <Text size="sm">
            {t('footer.contact')}{' '}
            <Anchor href={`mailto:${site.contact_email}`} underline="always">
              {site.contact_email}
            </Anchor>
          </Text>
        )}
        {site && site.social_links.length > 0 && <SocialLinks links={site.social_links} />}
        <Text size="sm" c="dimmed">
          {t('footer.copyright', { year: new Date().getFullYear(), name })}
        </Text>
      </Stack>
    </Container>
  );
}

function FooterLinks({ label, pages }: { label: string; pages: FooterPage[] }) {
  const { t } = useTranslation('shell');
  return (
    <nav aria-label={label}>
      <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {pages.map((page) => (
          <li key={page}>
            <Anchor component={Link} to={paths[page]} size="sm">
              {t(`footer.links.${page}`)}
            </Anchor>
          </li>
        ))}
      </Group>
    </nav>
  );
}

function SocialLinks({ links }: { links: SocialLink[] }) {
  const { t } = useTranslation('shell');
  return (
    <Group component="ul" gap="xs" m={0} p={0} aria-label={t('footer.social')} style={{ listStyle: 'none' }}>
      {links.map(({ network, url }) => {
        const NetworkIcon = networkIcons[network];
        return (
          <li key={url}>
            <ActionIcon
              component="a"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              size="lg"
              aria-label={t('footer.socialLink', { network: t(`footer.networks.${network}`) })}
            >
              <NetworkIcon size={20} aria-hidden="true" />
            </ActionIcon>
          </li>
        );
      })}
    </Group>
  );
}
