import { Image } from '@mantine/core';

/**
 * The picture shown above a question, named by the question's text. It never grows past its width (a
 * phone's screen, a printed page); a thumbnail is the small copy for lists.
 */
export function QuestionPicture({
  question,
  thumbnail = false,
}: {
  question: { question_text: string; picture_url: string | null; picture_thumbnail_url: string | null };
  thumbnail?: boolean;
}) {
  const url = thumbnail ? question.picture_thumbnail_url : question.picture_url;
  if (!url) return null;
  return (
    <Image
      src={url}
      alt={question.question_text}
      radius="sm"
      fit="contain"
      w="auto"
      maw="100%"
      mah={thumbnail ? 72 : 360}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
