import { type MarketCategory, marketLanguages, marketTopics } from '@flashcards/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A catalog category's badges: its language and topic (when they are ones the catalog knows) and its kind
 * of cards. They go in the caller's group, beside whatever else it lists there.
 */
export function CatalogBadges({
  category,
}: {
  category: Pick<MarketCategory, 'language' | 'topic' | 'type_of_cards'>;
}) {
  const { t } = useTranslation('cards');
  const language = marketLanguages.find((value) => value === category.language);
  const topic = marketTopics.find((value) => value === category.topic);
  return (
    <>
      {language && <Badge variant="light">{t(`languages.${language}`)}</Badge>}
      {topic && (
        <Badge variant="light" color="grape">
          {t(`topics.${topic}`)}
        </Badge>
      )}
      <Badge variant="outline" color="gray">
        {t(`types.${category.type_of_cards}`)}
      </Badge>
    </>
  );
}
