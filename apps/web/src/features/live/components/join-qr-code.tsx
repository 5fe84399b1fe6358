import { useMemo } from 'react';
import { qrPath } from '../qr-path';

/** The join address as a QR code: black on white whatever the theme, so every camera reads it. */
export function JoinQrCode({
  address,
  label,
  size = 240,
}: {
  address: string;
  label: string;
  size?: number;
}) {
  const { size: units, path } = useMemo(() => qrPath(address), [address]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${units} ${units}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block', borderRadius: 8 }}
    >
      <rect width={units} height={units} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
