import { Image } from '@mantine/core';
import { RichText } from '../../../components/rich-text/rich-text';

/**
 * A question's first side: the card's text, or its picture (named by the question's words, since a
 * picture question has no text).
 */
export function QuestionPrompt({
  prompt,
  picture,
  pictureLabel,
  className,
  maxPictureHeight,
}: {
  prompt: string;
  picture: string | null;
  pictureLabel: string;
  className: string;
  maxPictureHeight: number | string;
}) {
  if (picture)
    return (
      <Image
        src={picture}
        alt={pictureLabel}
        radius="md"
        fit="contain"
        w="auto"
        maw="100%"
        mah={maxPictureHeight}
        mx="auto"
      />
    );
  return (
    <div className={className}>
      <RichText text={prompt} centered />
    </div>
  );
}
