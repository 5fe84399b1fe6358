import type { resources } from '@flashcards/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from './site';

/** A page's title key in the `pages` locale namespace (`titles.<key>`). */
export type PageTitleKey = keyof (typeof resources)['en']['pages']['titles'];

/** Sets the browser tab's title: the page, then the deployment's name. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const name = useSite().data?.name ?? t('appName');
  useEffect(() => {
    document.title = `${pageTitle} · ${name}`;
  }, [pageTitle, name]);
}
