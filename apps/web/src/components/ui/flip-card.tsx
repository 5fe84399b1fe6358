import { type ReactNode, useState } from 'react';
import classes from './flip-card.module.css';

interface FlipCardProps {
  front: ReactNode;
  back: ReactNode;
}

/**
 * A card that turns over on click, Enter or Space. Only the visible side is exposed to assistive
 * technology; aria-pressed tells whether the card shows its back.
 */
export function FlipCard({ front, back }: FlipCardProps) {
  const [flipped, setFlipped] = useState(false);
  return (
    <button
      type="button"
      className={classes.card}
      aria-pressed={flipped}
      data-flipped={flipped}
      onClick={() => setFlipped((value) => !value)}
    >
      <span className={classes.inner}>
        <span className={classes.face} aria-hidden={flipped}>
          {front}
        </span>
        <span className={`${classes.face} ${classes.back}`} aria-hidden={!flipped}>
          {back}
        </span>
      </span>
    </button>
  );
}
