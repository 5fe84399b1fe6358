interface TricolourProps {
  /** The three stripes, top to bottom or left to right. */
  colours: readonly [string, string, string];
  /** Width to height, e.g. 5 / 3. */
  ratio: number;
  vertical?: boolean;
}

const HEIGHT = 72;

/** A three-stripe flag drawn inline, so the demo needs no images from the network. */
function Tricolour({ colours, ratio, vertical = false }: TricolourProps) {
  const width = HEIGHT * ratio;
  const stripe = (vertical ? width : HEIGHT) / 3;
  return (
    <svg
      width={width}
      height={HEIGHT}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
    >
      {colours.map((fill, index) => (
        <rect
          key={fill}
          x={vertical ? index * stripe : 0}
          y={vertical ? 0 : index * stripe}
          width={vertical ? stripe : width}
          height={vertical ? HEIGHT : stripe}
          fill={fill}
        />
      ))}
      {/* An outline keeps white stripes visible on a white card. */}
      <rect x="0.5" y="0.5" width={width - 1} height={HEIGHT - 1} fill="none" stroke="rgba(0, 0, 0, 0.25)" />
    </svg>
  );
}

export const BulgariaFlag = () => <Tricolour colours={['#ffffff', '#00966e', '#d62612']} ratio={5 / 3} />;
export const ItalyFlag = () => (
  <Tricolour colours={['#009246', '#ffffff', '#ce2b37']} ratio={3 / 2} vertical />
);
export const GermanyFlag = () => <Tricolour colours={['#000000', '#dd0000', '#ffce00']} ratio={5 / 3} />;
