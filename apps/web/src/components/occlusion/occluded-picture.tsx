import { coveredMasks, type Occlusion } from '@flashcards/contract';
import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './occlusion.module.css';

/** The natural size of a picture once it has loaded: the rectangles are drawn in its pixels. */
function usePictureSize(src: string) {
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    let current = true;
    const image = new Image();
    image.onload = () => {
      if (current) setSize({ src, width: image.naturalWidth, height: image.naturalHeight });
    };
    image.src = src;
    return () => {
      current = false;
    };
  }, [src]);
  return size?.src === src ? size : null;
}

/**
 * An image occlusion card's picture: its question covers the parts (all of them, or the one asked about)
 * and marks the one asked about in red with a question mark; its answer uncovers that one and outlines it.
 * Drawn as one SVG, so that the rectangles stay on their parts at any size. Until the picture's size is
 * known a placeholder shows, never the picture uncovered.
 */
export function OccludedPicture({
  src,
  occlusion,
  revealed = false,
  className,
  label: given,
}: {
  src: string;
  occlusion: Occlusion;
  revealed?: boolean;
  className?: string;
  /** The picture's accessible name where it is not a question (a list); else the question or answer. */
  label?: string;
}) {
  const { t } = useTranslation('practice');
  const size = usePictureSize(src);
  const label = given
    ? given
    : revealed
      ? t('occlusion.answerAlt')
      : occlusion.mode === 'hide_all' && occlusion.masks.length > 1
        ? t('occlusion.questionAllAlt', { count: occlusion.masks.length })
        : t('occlusion.questionOneAlt');
  if (!size) return <Skeleton className={`${classes.picture} ${classes.placeholder}`} aria-label={label} />;
  const { width, height } = size;
  const target = occlusion.masks[occlusion.target];
  return (
    <svg
      className={`${classes.picture} ${className ?? ''}`}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      data-occlusion={revealed ? 'answer' : 'question'}
    >
      <image href={src} width={width} height={height} />
      {coveredMasks(occlusion)
        .filter((mask) => !(revealed && mask.target))
        .map((mask) => (
          <rect
            key={mask.index}
            x={mask.x * width}
            y={mask.y * height}
            width={mask.width * width}
            height={mask.height * height}
            className={mask.target ? classes.target : classes.cover}
            data-target={mask.target || undefined}
          />
        ))}
      {target && !revealed && (
        <text
          x={(target.x + target.width / 2) * width}
          y={(target.y + target.height / 2) * height}
          fontSize={Math.min(target.width * width, target.height * height) * 0.6}
          className={classes.mark}
        >
          ?
        </text>
      )}
      {target && revealed && (
        <rect
          x={target.x * width}
          y={target.y * height}
          width={target.width * width}
          height={target.height * height}
          className={classes.outline}
          data-target
        />
      )}
    </svg>
  );
}
