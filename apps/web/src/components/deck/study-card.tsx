import { cardPlainText } from '@flashcards/contract';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { OccludedPicture } from '../occlusion/occluded-picture';
import { type ClozeView, RichText } from '../rich-text/rich-text';
import { isClozeCard } from './card-sides';
import type { DeckCard } from './deck-source';
import classes from './study-card.module.css';

/** Long sides get a smaller type, so a sentence fits the card as well as a word. */
const sizeOf = (text: string) => {
  const length = cardPlainText(text).length;
  return length <= 40 ? 'large' : length <= 140 ? 'medium' : 'small';
};

function SideText({ text, cloze }: { text: string; cloze?: ClozeView }) {
  return (
    <span className={classes.text} data-size={sizeOf(text)}>
      <RichText text={text} centered cloze={cloze} />
    </span>
  );
}

interface StudyCardProps {
  card: DeckCard;
  flipped: boolean;
  /** Turns the card; without it the card cannot be turned by the user (typing mode before checking). */
  onFlip?: () => void;
  /** Id of the element that tells how to turn the card. */
  describedBy?: string;
  /** The card as a button, to move the focus onto it. */
  ref?: Ref<HTMLButtonElement>;
  /** Lower on a phone, so that a field below it and its feedback fit above the on-screen keyboard. */
  compact?: boolean;
  /** A control over the card's top corner (Listen), outside the card's own button. */
  corner?: ReactNode;
}

/**
 * The card being practised: side one (a text or a picture) in front, side two behind. Only the visible
 * side is exposed to assistive technology.
 */
export function StudyCard({ corner, ...props }: StudyCardProps) {
  if (!corner) return <TurningCard {...props} />;
  return (
    <div className={classes.frame}>
      <TurningCard {...props} />
      <div className={classes.corner}>{corner}</div>
    </div>
  );
}

function TurningCard({
  card,
  flipped,
  onFlip,
  describedBy,
  ref,
  compact = false,
}: Omit<StudyCardProps, 'corner'>) {
  const { t } = useTranslation('practice');
  const picture = 'first_side_url' in card ? card.first_side_url : null;
  const occlusion = 'occlusion' in card ? card.occlusion : null;
  const cloze = isClozeCard(card);
  const faces = (
    <span className={classes.inner}>
      <span className={classes.face} aria-hidden={flipped}>
        <span className={classes.caption}>{t('card.sideOne')}</span>
        <span className={classes.content}>
          {picture && occlusion ? (
            <OccludedPicture src={picture} occlusion={occlusion} />
          ) : picture ? (
            <img className={classes.picture} src={picture} alt={t('card.pictureAlt')} />
          ) : (
            <SideText text={card.first_side} cloze={cloze ? 'question' : undefined} />
          )}
        </span>
      </span>
      <span className={`${classes.face} ${classes.back}`} aria-hidden={!flipped}>
        <span className={classes.caption}>{t('card.sideTwo')}</span>
        <span className={classes.content}>
          {picture && occlusion ? (
            <span className={classes.revealed}>
              <OccludedPicture src={picture} occlusion={occlusion} revealed />
              <SideText text={card.second_side} />
            </span>
          ) : cloze ? (
            <span className={classes.stack}>
              <SideText text={card.first_side} cloze="answer" />
              {card.second_side.trim() && (
                <span className={classes.extra}>
                  <RichText text={card.second_side} centered />
                </span>
              )}
            </span>
          ) : (
            <SideText text={card.second_side} />
          )}
        </span>
      </span>
    </span>
  );
  if (!onFlip)
    return (
      <div className={classes.card} data-flipped={flipped} data-compact={compact}>
        {faces}
      </div>
    );
  return (
    <button
      ref={ref}
      type="button"
      className={classes.card}
      data-flipped={flipped}
      data-compact={compact}
      aria-pressed={flipped}
      aria-describedby={describedBy}
      onClick={onFlip}
    >
      {faces}
    </button>
  );
}
