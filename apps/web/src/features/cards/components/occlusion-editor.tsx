import { OCCLUSION_MIN_SIZE, type OcclusionMask } from '@flashcards/contract';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './occlusion-editor.module.css';

/** A rectangle being drawn: where it is, what it hides, and a key that stays while others come and go. */
export type DraftMask = OcclusionMask & { key: number; answer: string };

/** A keyboard step, as a fraction of the picture. */
const STEP = 0.01;
const clamp = (value: number, low = 0, high = 1) => Math.min(high, Math.max(low, value));

/** The rectangle kept within the picture, never smaller than the least size. */
function within(mask: DraftMask): DraftMask {
  const width = clamp(mask.width, OCCLUSION_MIN_SIZE);
  const height = clamp(mask.height, OCCLUSION_MIN_SIZE);
  return { ...mask, width, height, x: clamp(mask.x, 0, 1 - width), y: clamp(mask.y, 0, 1 - height) };
}

type Drag =
  | { kind: 'draw'; from: { x: number; y: number }; key: number }
  | { kind: 'move' | 'resize'; from: { x: number; y: number }; key: number; origin: DraftMask };

let nextKey = 1;
export const newMaskKey = () => nextKey++;

/**
 * Rectangles drawn on a picture: dragging on the picture draws one, dragging a rectangle moves it, its
 * corner resizes it. Each rectangle is a button: the arrows move it, Shift and the arrows resize it, Delete
 * removes it. Positions are fractions of the picture, so they hold at any size it is shown.
 */
export function OcclusionEditor({
  src,
  masks,
  onChange,
  describedBy,
}: {
  src: string;
  masks: DraftMask[];
  onChange: (masks: DraftMask[]) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation('cards');
  const surface = useRef<HTMLFieldSetElement>(null);
  const drag = useRef<Drag | null>(null);
  const [drawing, setDrawing] = useState<DraftMask | null>(null);

  const point = (event: PointerEvent) => {
    const box = surface.current!.getBoundingClientRect();
    return {
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    };
  };
  const replace = (key: number, mask: DraftMask) =>
    onChange(masks.map((each) => (each.key === key ? within(mask) : each)));

  const start = (event: PointerEvent<HTMLElement>, next: Drag) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    surface.current!.setPointerCapture(event.pointerId);
    drag.current = next;
  };

  const onPointerMove = (event: PointerEvent) => {
    const current = drag.current;
    if (!current) return;
    const at = point(event);
    if (current.kind === 'draw') {
      const { from } = current;
      setDrawing({
        key: current.key,
        answer: '',
        x: Math.min(from.x, at.x),
        y: Math.min(from.y, at.y),
        width: Math.abs(at.x - from.x),
        height: Math.abs(at.y - from.y),
      });
      return;
    }
    const dx = at.x - current.from.x;
    const dy = at.y - current.from.y;
    const { origin } = current;
    replace(
      current.key,
      current.kind === 'move'
        ? { ...origin, x: origin.x + dx, y: origin.y + dy }
        : { ...origin, width: origin.width + dx, height: origin.height + dy },
    );
  };

  const onPointerUp = () => {
    const drawn = drawing;
    drag.current = null;
    setDrawing(null);
    // A click without a drag draws nothing.
    if (drawn && drawn.width >= OCCLUSION_MIN_SIZE * 2 && drawn.height >= OCCLUSION_MIN_SIZE * 2)
      onChange([...masks, within(drawn)]);
  };

  const onKeyDown = (event: KeyboardEvent, mask: DraftMask) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onChange(masks.filter((each) => each.key !== mask.key));
      return;
    }
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const [dx, dy] = move;
    replace(
      mask.key,
      event.shiftKey
        ? { ...mask, width: mask.width + dx, height: mask.height + dy }
        : { ...mask, x: mask.x + dx, y: mask.y + dy },
    );
  };

  const place = (mask: OcclusionMask) => ({
    left: `${mask.x * 100}%`,
    top: `${mask.y * 100}%`,
    width: `${mask.width * 100}%`,
    height: `${mask.height * 100}%`,
  });

  return (
    <div className={classes.frame}>
      <fieldset
        ref={surface}
        className={classes.surface}
        aria-describedby={describedBy}
        data-testid="occlusion-editor"
        onPointerDown={(event) => start(event, { kind: 'draw', from: point(event), key: newMaskKey() })}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <legend className={classes.legend}>{t('occlusion.editor')}</legend>
        <img className={classes.picture} src={src} alt="" draggable={false} />
        {masks.map((mask, index) => (
          <div key={mask.key} className={classes.mask} style={place(mask)}>
            <button
              type="button"
              className={classes.body}
              aria-label={
                mask.answer.trim()
                  ? t('occlusion.rectangleNamed', { number: index + 1, answer: mask.answer.trim() })
                  : t('occlusion.rectangle', { number: index + 1 })
              }
              aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown Delete"
              onPointerDown={(event) =>
                start(event, { kind: 'move', from: point(event), key: mask.key, origin: mask })
              }
              onKeyDown={(event) => onKeyDown(event, mask)}
            >
              {index + 1}
            </button>
            <span
              className={classes.handle}
              aria-hidden="true"
              title={t('occlusion.resize', { number: index + 1 })}
              onPointerDown={(event) =>
                start(event, { kind: 'resize', from: point(event), key: mask.key, origin: mask })
              }
            />
          </div>
        ))}
        {drawing && <div className={`${classes.mask} ${classes.drawing}`} style={place(drawing)} />}
      </fieldset>
    </div>
  );
}
