/** The product's mark: two stacked cards (the same drawing as public/favicon.svg). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="3" y="7" width="20" height="15" rx="3" fill="#91a7ff" transform="rotate(-12 13 14.5)" />
      <rect x="9" y="10" width="20" height="15" rx="3" fill="#3b5bdb" />
      <path d="M15 17.5h8M15 21h5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
