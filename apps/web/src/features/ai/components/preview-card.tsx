import { cardPlainText } from '@flashcards/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/rich-text/rich-text';
import { FlipCard } from '../../../components/ui/flip-card';
import type { GeneratedCard } from '../generated-cards';

/** Long sides get a smaller type, so that a sentence fits the card as well as a word. */
const fontSize = (text: string) => {
  const length = cardPlainText(text).length;
  return length <= 30 ? 26 : length <= 90 ? 19 : 15;
};

function Face({ caption, text, back }: { caption: string; text: string; back?: boolean }) {
  return (
    <>
      <Text component="span" size="xs" fw={700} tt="uppercase" lts="0.04em" c={back ? 'inherit' : 'dimmed'}>
        {caption}
      </Text>
      <Text
        component="span"
        fz={fontSize(text)}
        fw={800}
        lh={1.25}
        lineClamp={5}
        style={{ overflowWrap: 'anywhere' }}
      >
        <RichText text={text} centered />
      </Text>
    </>
  );
}

/**
 * A generated card as it will be practised: side one in front, side two behind; a click, Enter or Space
 * turns it. Its colours are the theme's, as the practice cards' are.
 */
export function PreviewCard({ card }: { card: GeneratedCard }) {
  const { t } = useTranslation('ai');
  return (
    <FlipCard
      front={<Face caption={t('preview.sideOne')} text={card.sideOne} />}
      back={<Face caption={t('preview.sideTwo')} text={card.sideTwo} back />}
    />
  );
}
