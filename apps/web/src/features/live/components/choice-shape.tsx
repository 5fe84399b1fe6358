/** The four choices' shapes, so that colour is never the only thing telling them apart. */
const SHAPES = [
  // Triangle, diamond, circle, square: drawn in a 24 × 24 box.
  <polygon key="triangle" points="12,3 22,20 2,20" />,
  <polygon key="diamond" points="12,2 22,12 12,22 2,12" />,
  <circle key="circle" cx="12" cy="12" r="10" />,
  <rect key="square" x="3" y="3" width="18" height="18" />,
];

/** The shape of a choice (by its index), decorative: the letter beside it names the choice. */
export function ChoiceShape({ index, size = 24 }: { index: number; size?: number | string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none' }}
    >
      {SHAPES[index % SHAPES.length]}
    </svg>
  );
}
