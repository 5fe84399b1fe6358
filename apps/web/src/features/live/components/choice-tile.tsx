import type { ReactNode } from 'react';
import { RichText } from '../../../components/rich-text/rich-text';
import { ChoiceShape } from './choice-shape';
import classes from './live.module.css';

/** How a choice shows once its question closed: the right one, or one of the others. */
export type TileState = 'open' | 'correct' | 'other';

/**
 * A choice's coloured tile: its shape, its letter and its text (the card's answer, formatted). A space
 * separates the letter and the text in the tile's text, so a button's visible words match its name.
 */
export function ChoiceContent({ index, letter, text }: { index: number; letter: string; text: string }) {
  return (
    <>
      <ChoiceShape index={index} size="1.3em" />
      <span className={classes.letter}>{letter}</span>{' '}
      <span className={classes.text}>
        <RichText text={text} />
      </span>
    </>
  );
}

/** A tile on the host's screen: shown, not pressed. */
export function ChoiceTile({
  index,
  state = 'open',
  children,
}: {
  index: number;
  state?: TileState;
  children: ReactNode;
}) {
  return (
    <div className={classes.tile} data-choice={index} data-state={state}>
      {children}
    </div>
  );
}
